//! Fusion: neighbouring array statements over one iteration space share their loops.
//!
//! A run of array statements in one block (`f[:] = -k * x`, `a[:] = f / m`,
//! `v += a * dt`, `x += v * dt`) fuses into one loop nest when every statement's
//! target has as many axes as the first's and the run's statements touch one another's
//! targets only at the element the iteration is at: a statement that reads an array
//! another writes (before or after it) reads it through the very view that one writes.
//! The per-element order then is the statements' order, so the stores are those of the
//! statements run one after the other, and the temporaries numpy would make between
//! them are registers.
//!
//! What can hand the run to the interpreter must come before its first store, as the
//! interpreter resumes at the run's first statement: the prologues of all its
//! statements (subscripts, scalar operands, shape checks) move before the loops, with
//! the run's first point, which needs that no prologue reads an array the run writes;
//! then a first pass computes every statement's value at every element, storing none
//! (a later statement reads an earlier one's value from a register: `forwarded`), so
//! that a floating-point flag numpy would warn about, or an integer overflow, hands the
//! run back before anything changed;
//! then the loop of stores runs, which finds nothing left to fail. A run over one axis
//! also gets a form without that first pass, taken while numpy's errors only warn
//! (`quiet`): it stores as it goes and gives numpy's warnings afterwards. The target lengths
//! must be equal: that is checked on entry, and when they differ the statements run
//! one after the other as they would unfused.

use super::{ArrayStmt, Pass};
use crate::ir::{CmpOp, Expr, Intrinsic, LogicOp, Stmt, StmtKind, Var, VarData};

impl Pass<'_> {
    /// Emits a run of array statements: fused in groups where they may be.
    pub(super) fn emit_run(&mut self, run: Vec<ArrayStmt>, out: &mut Vec<Stmt>) {
        let mut group: Vec<ArrayStmt> = Vec::new();
        for s in run {
            if self.fuse && !group.is_empty() && !joins(&group, &s) {
                self.emit_group(std::mem::take(&mut group), out);
            }
            group.push(s);
            if !self.fuse {
                self.emit_group(std::mem::take(&mut group), out);
            }
        }
        self.emit_group(group, out);
    }

    fn emit_group(&mut self, mut group: Vec<ArrayStmt>, out: &mut Vec<Stmt>) {
        match group.len() {
            0 => return,
            1 => {
                let s = group.pop().expect("one");
                return self.emit_single(s, true, out);
            }
            _ => {}
        }
        self.fused += group.len() as u32;
        let (point, line) = (group[0].point, group[0].line);
        self.fp_flags(Intrinsic::ClearFpFlags, point, line, out);
        for s in &group {
            for p in &s.prologue {
                out.push(Stmt {
                    point,
                    line,
                    kind: p.kind.clone(),
                });
            }
        }
        // Equal lengths fuse; otherwise one after the other.
        let first = group[0].lens.clone();
        let mut same = Vec::new();
        for s in &group[1..] {
            for (a, b) in s.lens.iter().zip(&first) {
                if a != b {
                    same.push(Expr::Compare(
                        Box::new(a.clone()),
                        vec![(CmpOp::Eq, b.clone())],
                    ));
                }
            }
        }
        let stores: Vec<Stmt> = group
            .iter()
            .map(|s| Stmt {
                point,
                line,
                kind: StmtKind::Store {
                    array: s.array,
                    index: s.index.clone(),
                    op: s.op,
                    value: s.value.clone(),
                },
            })
            .collect();
        let quiet = if self.quiet {
            self.quiet_run(&group, point, line, &first[0], &stores)
        } else {
            None
        };
        let fused = match quiet {
            Some(quiet) => quiet,
            None => self.settled_run(&group, point, line, &first, stores),
        };
        if same.is_empty() {
            out.extend(fused);
            return;
        }
        let mut apart = Vec::new();
        for s in group {
            self.emit_single(s, false, &mut apart);
        }
        out.push(Stmt {
            point,
            line,
            kind: StmtKind::If {
                cond: Expr::Logic(LogicOp::And, same),
                then: fused,
                orelse: apart,
            },
        });
    }
}

impl Pass<'_> {
    /// A run's values computed first, storing none, then its stores (the module doc).
    fn settled_run(
        &mut self,
        group: &[ArrayStmt],
        point: crate::ir::Point,
        line: u32,
        lens: &[Expr],
        stores: Vec<Stmt>,
    ) -> Vec<Stmt> {
        let mut fused = Vec::new();
        // The values, each statement reading the values the earlier ones settled.
        let mut settled: Vec<(Var, Var)> = Vec::new();
        let mut prepass = Vec::new();
        for s in group {
            let mut value = s.full_value();
            forward(&mut value, &settled);
            let scratch = self.vars.push(VarData {
                name: format!("#value{}", s.point.as_u32()),
                hidden: true,
            });
            prepass.push(Stmt::assign(point, line, vec![scratch], vec![value]));
            settled.retain(|(_, a)| *a != s.array);
            settled.push((scratch, s.array));
        }
        self.forwarded.extend(settled_all(group, &prepass));
        let l = self.loops(point, line, lens, prepass);
        fused.push(l);
        self.fp_flags(Intrinsic::CheckFpFlags, point, line, &mut fused);
        let l = self.loops(point, line, lens, stores);
        fused.push(l);
        fused
    }
}

/// Whether `next` may join `group` (see the module doc).
fn joins(group: &[ArrayStmt], next: &ArrayStmt) -> bool {
    // A statement through a temporary runs on its own.
    if next.lens.len() != group[0].lens.len()
        || next.temporary.is_some()
        || group[0].temporary.is_some()
    {
        return false;
    }
    let all: Vec<&ArrayStmt> = group.iter().chain([next]).collect();
    let written = |a: Var| all.iter().filter(move |s| s.array == a).map(|s| &s.written);
    for s in &all {
        // A prologue moves before the run's stores.
        if s.prologue_reads
            .iter()
            .any(|a| written(*a).next().is_some())
        {
            return false;
        }
        // Each read of a written array is through the view written, and one array is
        // written through one view.
        for (array, view) in &s.reads {
            if written(*array).any(|w| w != view) {
                return false;
            }
        }
        if written(s.array).any(|w| *w != s.written) {
            return false;
        }
    }
    true
}

/// Replaces each element load of an array an earlier statement settled by the value
/// it settled (the same element: [`joins`] admits no other).
fn forward(e: &mut Expr, settled: &[(Var, Var)]) {
    e.walk_mut(&mut |e| {
        if let Expr::Load(array, _) = e
            && let Some((value, _)) = settled.iter().rev().find(|(_, a)| a == array)
        {
            *e = Expr::Var(*value);
        }
    });
}

/// Every `(value, array)` a fused prepass forwards: all its statements' values.
fn settled_all(group: &[ArrayStmt], prepass: &[Stmt]) -> Vec<(Var, Var)> {
    group
        .iter()
        .zip(prepass)
        .map(|(s, p)| match &p.kind {
            StmtKind::Assign { targets, .. } => (targets[0], s.array),
            _ => unreachable!("the prepass assigns"),
        })
        .collect()
}
