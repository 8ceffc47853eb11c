//! Fused runs that store as they go, while numpy's floating-point errors only warn.
//!
//! A fused run ([`super::fuse`]) computes every value in a first pass so that a flag
//! numpy would warn or raise for hands the run to the interpreter before any store;
//! that pass costs as much as the stores (twice the divisions of a particle update).
//! While numpy's error state for divide, overflow and invalid is `ignore` or `warn`
//! and no warnings filter makes a warning an error (the VM specialises the nest on
//! it: `quiet_fp` of [`super::scalarise`]), nothing numpy does can stop the run half
//! way, so a one-dimensional run may store as it goes and report its warnings
//! afterwards, which is what this form does:
//!
//! 1. the iteration space is cut into chunks of [`CHUNK`] elements; for each, the
//!    elements the run reads before it writes them (`x` in `x += v * dt`) are copied
//!    into an undo buffer that stays in the first-level cache, the flags are cleared,
//!    the fused stores run, and the flags are read (`Intrinsic::FpRaised`);
//! 2. when a chunk raised a flag (rare: an overflow, `0 / 0`), its elements are put
//!    back from the undo buffer and the rest of the run, from that chunk on, runs as
//!    numpy runs it: statement after statement, one numpy operation at a time into a
//!    temporary, the flags cleared before each operation and noted after it
//!    (`Intrinsic::NoteFp`), so that the VM gives numpy's warnings, in numpy's order,
//!    once the nest returns. The chunks before raised no flag, so the notes are those
//!    of numpy's operations over the whole arrays.
//!
//! Invariant: nothing in the chunk loop hands back to the interpreter (which would run
//! the run again over elements already stored). So the form is made only for runs
//! whose element operations are numpy's float arithmetic and math functions on arrays
//! of one float dtype (checked once typed: each operation's value must have it); their
//! subscripts were checked on entry, and the hardware's flags replace every test of a
//! value. Anything else keeps the settling pass.

use super::{ArrayStmt, Pass};
use crate::collections::HashSet;
use crate::ir::{BinOp, CmpOp, Expr, Intrinsic, Point, Stmt, StmtKind, UnaryOp, Var, VarData};
use crate::types::ArrayTy;

/// Elements per chunk: undo buffers of 8 KiB per float64 array.
pub const CHUNK: i64 = 1024;

/// A numpy operation the rest of a run computes one at a time: its line and name, for
/// the warning its flags give (`overflow encountered in multiply`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FpOp {
    pub line: u32,
    pub ufunc: &'static str,
}

impl Pass<'_> {
    /// The store-as-you-go form of a fused run over one axis of length `len` (see the
    /// module doc), or `None` where the run has none.
    pub(super) fn quiet_run(
        &mut self,
        group: &[ArrayStmt],
        point: Point,
        line: u32,
        len: &Expr,
        stores: &[Stmt],
    ) -> Option<Vec<Stmt>> {
        if !kiln_numeric::fpstatus::HARDWARE || group[0].lens.len() != 1 {
            return None;
        }
        let dtype = self.array_ty(group[0].array)?.dtype;
        if !dtype.is_float() {
            return None;
        }
        let mut arrays = HashSet::default();
        for s in group {
            arrays.insert(s.array);
            if !quiet_value(&s.full_value(), &mut arrays) {
                return None;
            }
        }
        if arrays
            .iter()
            .any(|a| self.array_ty(*a).map(|t| t.dtype) != Some(dtype))
        {
            return None;
        }
        let at = |kind| Stmt { point, line, kind };
        let i = self.counter(0);
        let chunk = self.hidden("chunk", point);
        let end = self.hidden("chunk_end", point);
        let back = self.hidden("chunk_back", point);
        let raised = self.hidden("raised", point);
        let buffer_ty = ArrayTy {
            dtype,
            ndim: 1,
            unit_inner: true,
            own_buffer: true,
            list: None,
            copied: false,
        };
        // The elements read before they are written: an undo buffer each.
        let stored: HashSet<Var> = group.iter().map(|s| s.array).collect();
        let mut written = HashSet::default();
        let mut read_first: Vec<(Var, Vec<Expr>)> = Vec::new();
        for s in group {
            s.full_value().walk(&mut |e| {
                if let Expr::Load(a, index) = e
                    && stored.contains(a)
                    && !written.contains(a)
                    && !read_first.iter().any(|(r, _)| r == a)
                {
                    read_first.push((*a, index.clone()));
                }
            });
            written.insert(s.array);
        }
        let mut out = Vec::new();
        let mut undo: Vec<(Var, Vec<Expr>, Var)> = Vec::new();
        for (a, index) in read_first {
            let buffer = self.hidden("undo", point);
            self.temporaries.push((buffer, buffer_ty));
            let ok = self.hidden("undo_ok", point);
            out.push(at(assign(
                ok,
                Expr::Call(Intrinsic::Scratch(buffer), vec![Expr::Int(CHUNK)]),
            )));
            undo.push((a, index, buffer));
        }
        // An element of a chunk's buffer: `i - chunk`, as `i + back` (which the
        // bounds proofs take).
        let slot = || {
            vec![Expr::Binary(
                BinOp::Add,
                bx(Expr::Var(i)),
                bx(Expr::Var(back)),
            )]
        };
        let range = |from: Var, to: Expr, body: Vec<Stmt>| {
            at(StmtKind::For {
                var: i,
                start: Expr::Var(from),
                stop: to,
                step: Expr::Int(1),
                items: Vec::new(),
                body,
            })
        };
        let mut body = Vec::new();
        let next = Expr::Binary(BinOp::Add, bx(Expr::Var(chunk)), bx(Expr::Int(CHUNK)));
        body.push(at(assign(
            end,
            Expr::IfExp(
                bx(Expr::Compare(
                    bx(next.clone()),
                    vec![(CmpOp::Lt, len.clone())],
                )),
                bx(next),
                bx(len.clone()),
            ),
        )));
        body.push(at(assign(
            back,
            Expr::Unary(UnaryOp::Neg, bx(Expr::Var(chunk))),
        )));
        // Each element is saved in the loop that stores (moving a float raises no
        // flag), where it is loaded anyway: one pass over the chunk, not two.
        let save: Vec<Stmt> = undo
            .iter()
            .map(|(a, index, u)| {
                at(StmtKind::Store {
                    array: *u,
                    index: slot(),
                    op: None,
                    value: Expr::Load(*a, index.clone()),
                })
            })
            .collect();
        body.push(at(assign(
            self.hidden("fp", point),
            Expr::Call(Intrinsic::ClearFpFlags, Vec::new()),
        )));
        // The stores, counted by a variable of their own: their vector code tests no
        // value (`Scalarised::unchecked_loops`; the chunk's flags say it all).
        let unchecked = self.hidden("quiet", point);
        self.unchecked_loops.insert(unchecked);
        // A store a later one of the run overwrites (`r *= r` before `r[:] = c`) goes
        // through a variable, which the code keeps computed for the flags its
        // operations raise: Cranelift drops a store another overwrites, and with it the
        // operations whose flags numpy would warn about. The statements after it read
        // the element from that variable (`f[:] = -k * x` then `a[:] = f / m`), and
        // where one of them overwrites the same element and some read it, the store is
        // not made at all: nothing else reads it, and the rare path below computes
        // everything again from the chunk's start.
        let mut kept = save;
        let mut forwarded: Vec<(Var, &[Expr], Var)> = Vec::new();
        for (k, (s, store)) in group.iter().zip(stores).enumerate() {
            let mut value = s.full_value();
            let mut reads = 0;
            value.walk_mut(&mut |e| {
                if let Expr::Load(a, index) = e
                    && let Some((_, _, v)) = forwarded
                        .iter()
                        .rev()
                        .find(|(f, at, _)| f == a && *at == &index[..])
                {
                    *e = Expr::Var(*v);
                    reads += 1;
                }
            });
            let later = group[k + 1..].iter().position(|l| l.array == s.array);
            let Some(next) = later else {
                // The last store: later reads find it in memory.
                forwarded.retain(|(f, _, _)| *f != s.array);
                kept.push(if reads == 0 {
                    store.clone()
                } else {
                    at(StmtKind::Store {
                        array: s.array,
                        index: s.index.clone(),
                        op: None,
                        value,
                    })
                });
                continue;
            };
            let var = self.hidden("overwritten", point);
            kept.push(at(assign(var, value)));
            // Read before it is overwritten, at this very element, and nowhere else?
            let overwriter = &group[k + 1 + next];
            let (mut here, mut elsewhere) = (false, false);
            for l in &group[k + 1..] {
                l.full_value().walk(&mut |e| {
                    if let Expr::Load(a, index) = e
                        && *a == s.array
                    {
                        here |= *index == s.index;
                        elsewhere |= *index != s.index;
                    }
                });
            }
            if !(here && !elsewhere && overwriter.index == s.index) {
                kept.push(at(StmtKind::Store {
                    array: s.array,
                    index: s.index.clone(),
                    op: None,
                    value: Expr::Var(var),
                }));
            }
            forwarded.push((s.array, &s.index, var));
        }
        let mut chunk_stores = range(chunk, Expr::Var(end), kept);
        chunk_stores.remap_vars(&|v| if v == i { unchecked } else { v });
        body.push(chunk_stores);
        body.push(at(assign(
            raised,
            Expr::Call(Intrinsic::FpRaised, Vec::new()),
        )));
        // A flag: the chunk as it was, then the rest one operation at a time.
        let restore = undo
            .iter()
            .map(|(a, index, u)| {
                at(StmtKind::Store {
                    array: *a,
                    index: index.clone(),
                    op: None,
                    value: Expr::Load(*u, slot()),
                })
            })
            .collect();
        let mut rest = vec![range(chunk, Expr::Var(end), restore)];
        let remaining = Expr::Binary(BinOp::Sub, bx(len.clone()), bx(Expr::Var(chunk)));
        for s in group {
            let value = self.one_at_a_time(
                &s.full_value(),
                s.line,
                (chunk, back, len, &remaining, &buffer_ty),
                point,
                &mut rest,
            );
            let store = at(StmtKind::Store {
                array: s.array,
                index: s.index.clone(),
                op: None,
                value,
            });
            rest.push(range(chunk, len.clone(), vec![store]));
        }
        // Rare: counted by a variable of their own, for plain loops (not vectorised,
        // not versioned), which compile faster.
        let cold = self.hidden("rest", point);
        self.cold_loops.insert(cold);
        for stmt in &mut rest {
            stmt.remap_vars(&|v| if v == i { cold } else { v });
        }
        rest.push(at(StmtKind::Break));
        body.push(at(StmtKind::If {
            cond: Expr::Var(raised),
            then: rest,
            orelse: Vec::new(),
        }));
        out.push(at(StmtKind::For {
            var: chunk,
            start: Expr::Int(0),
            stop: len.clone(),
            step: Expr::Int(CHUNK),
            items: Vec::new(),
            body,
        }));
        self.quiet_runs += 1;
        self.depends_on_fp_errors = true;
        Some(out)
    }

    /// Emits `e`'s operations over the rest of the run, each into a temporary of its
    /// own (numpy's order: operands first, left to right), and returns the element
    /// expression of its value.
    fn one_at_a_time(
        &mut self,
        e: &Expr,
        line: u32,
        (chunk, back, len, remaining, ty): (Var, Var, &Expr, &Expr, &ArrayTy),
        point: Point,
        out: &mut Vec<Stmt>,
    ) -> Expr {
        let leaf = |e: &Expr| {
            matches!(
                e,
                Expr::Load(..) | Expr::Var(_) | Expr::Int(_) | Expr::Float(_)
            )
        };
        if leaf(e) {
            return e.clone();
        }
        let mut node = e.clone();
        let mut children = Vec::new();
        match &mut node {
            Expr::Binary(_, a, b) => children.extend([&mut **a, &mut **b]),
            Expr::Unary(_, a) => children.push(&mut **a),
            Expr::Call(_, args) => children.extend(args.iter_mut()),
            _ => unreachable!("quiet_value admits no other"),
        }
        for child in children {
            let c = child.clone();
            *child = self.one_at_a_time(&c, line, (chunk, back, len, remaining, ty), point, out);
        }
        let at = |kind| Stmt { point, line, kind };
        // An element of the temporary: `i + back`, `back` being the chunk's `-chunk`.
        let i = self.counter(0);
        let temporary = self.hidden("op", point);
        self.temporaries.push((temporary, *ty));
        out.push(at(assign(
            self.hidden("op_ok", point),
            Expr::Call(Intrinsic::Scratch(temporary), vec![remaining.clone()]),
        )));
        let noted = ufunc_name(&node);
        if noted.is_some() {
            out.push(at(assign(
                self.hidden("fp", point),
                Expr::Call(Intrinsic::ClearFpFlags, Vec::new()),
            )));
        }
        let value = self.hidden("op_value", point);
        // Of the run's dtype, as a settled value must be (`check_casts`).
        self.forwarded.push((value, temporary));
        let slot = vec![Expr::Binary(
            BinOp::Add,
            bx(Expr::Var(i)),
            bx(Expr::Var(back)),
        )];
        out.push(at(StmtKind::For {
            var: i,
            start: Expr::Var(chunk),
            stop: len.clone(),
            step: Expr::Int(1),
            items: Vec::new(),
            body: vec![
                at(assign(value, node)),
                at(StmtKind::Store {
                    array: temporary,
                    index: slot.clone(),
                    op: None,
                    value: Expr::Var(value),
                }),
            ],
        }));
        if let Some(ufunc) = noted {
            let op = self.fp_ops.len() as u32;
            self.fp_ops.push(FpOp { line, ufunc });
            out.push(at(assign(
                self.hidden("fp", point),
                Expr::Call(Intrinsic::NoteFp(op), Vec::new()),
            )));
        }
        Expr::Load(temporary, slot)
    }

    fn hidden(&mut self, what: &str, point: Point) -> Var {
        self.vars.push(VarData {
            name: format!("#{what}{}", point.as_u32()),
            hidden: true,
        })
    }
}

/// Whether the element value `e` is made of numpy's float arithmetic and math
/// functions only (every array it reads goes into `arrays`).
fn quiet_value(e: &Expr, arrays: &mut HashSet<Var>) -> bool {
    match e {
        Expr::Load(a, _) => {
            arrays.insert(*a);
            true
        }
        Expr::Var(_) | Expr::Int(_) | Expr::Float(_) => true,
        Expr::Binary(BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div, a, b) => {
            quiet_value(a, arrays) && quiet_value(b, arrays)
        }
        Expr::Unary(UnaryOp::Neg | UnaryOp::Pos, a) => quiet_value(a, arrays),
        Expr::Call(
            Intrinsic::Ufunc(_) | Intrinsic::Abs | Intrinsic::Maximum | Intrinsic::Minimum,
            args,
        ) => args.iter().all(|a| quiet_value(a, arrays)),
        _ => false,
    }
}

/// The numpy ufunc an operation is, if it can raise a flag numpy warns about.
fn ufunc_name(e: &Expr) -> Option<&'static str> {
    match e {
        Expr::Binary(BinOp::Add, ..) => Some("add"),
        Expr::Binary(BinOp::Sub, ..) => Some("subtract"),
        Expr::Binary(BinOp::Mul, ..) => Some("multiply"),
        Expr::Binary(BinOp::Div, ..) => Some("divide"),
        Expr::Call(Intrinsic::Ufunc(u), _) => Some(u.name()),
        _ => None,
    }
}

fn assign(target: Var, value: Expr) -> StmtKind {
    StmtKind::Assign {
        targets: vec![target],
        values: vec![value],
    }
}

fn bx(e: Expr) -> Box<Expr> {
    Box::new(e)
}
