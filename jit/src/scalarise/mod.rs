//! Scalarisation: array statements become loop nests over their elements.
//!
//! Before this pass a nest may hold statements whose values are arrays: a store into a
//! view (`u[1:-1] = u[1:-1] + r * (u[2:] - 2 * u[1:-1] + u[:-2])`, `a[i] = b[i] * c` of
//! matrices) or an in-place update of a whole array (`x += v * dt`). Once the entry
//! types say which variables are arrays and how many axes each has, every such
//! statement becomes, at its own point:
//!
//! 1. a prologue that evaluates what numpy evaluates once: each slice's start and
//!    length (Python's `slice.indices`), each integer subscript (wrapped and checked
//!    against its axis), each scalar operand (`r`, `a[k, k]`), and checks that every
//!    operand broadcasts to the target's shape;
//! 2. when the statement reads the elements it writes (`x += ...`, `a[i] = a[i] * 2`),
//!    a pass over the elements that computes every value and stores nothing;
//! 3. the loops over the target's axes storing each element.
//!
//! Invariant: every check that can fail, and every numpy condition compiled code hands
//! to the interpreter (a non-finite float result, an integer overflow, a value the
//! target's dtype cannot hold), happens either before the statement's first store or
//! in a statement that is idempotent: handing it back at its point makes the
//! interpreter run the whole statement again, which gives numpy's result and warnings
//! only if the stores already done cannot change what it computes. So an operand reads
//! the target array only at the elements the same iteration writes (then step 2
//! settles every value first), or at elements checked on entry to be apart from them
//! (row `k` read while row `i` is written); any other read that may overlap the target
//! (`u[1:] = u[:-1]`, or an array that may share the target's buffer) goes as numpy
//! goes: every value into a temporary of compiled code's own (`Intrinsic::Scratch`),
//! which nothing else reads, then the temporary into the target, which cannot fail.
//!
//! numpy's floating-point conditions are checked as numpy checks them, with the CPU's
//! sticky flags (`kiln_numeric::fpstatus`): cleared before the statement's prologue
//! (`Intrinsic::ClearFpFlags`) and read (`Intrinsic::CheckFpFlags`, which hands the
//! statement back if divide, overflow or invalid was raised) after the pass that
//! settles its values, or after its stores when it does not read its target. Inside
//! its loops no value is tested: an inf or NaN already in the data raises no flag and
//! flows through as in numpy, and only an operation that makes one goes to the
//! interpreter. (Where the flags cannot be read, the values are tested one by one.)
//!
//! The submodules: `views` (what a subscript selects), `fuse` (runs of statements in
//! one loop nest), `dots` (`@` of vectors), `reduce` (`sum`, `max`, ... where a number
//! is wanted), `new_arrays` (`t = u.copy()` and other new arrays bound to names),
//! `casts` (numpy's casting rules, checked once types are known).
//!
//! Broadcasting is decided from the syntax: a new axis (`b[None, :]`) repeats its one
//! element, and every other operand axis must have the target axis's length, checked
//! on entry to the statement. An axis of length 1 that only the run-time shape shows
//! (numpy would repeat it) hands the statement to the interpreter, which broadcasts.

use crate::collections::HashSet;
use crate::ir::{
    BinOp, CmpOp, EntityRef, Expr, Intrinsic, Nest, Point, PrimaryMap, Stmt, StmtKind, Var, VarData,
};
use crate::types::{ArrayTy, Ty};

mod array_stmt;
mod casts;
mod dots;
mod elementwise;
mod fuse;
mod inlined;
mod new_arrays;
mod products;
mod quiet;
mod reduce;
mod views;

pub use casts::check_casts;
use elementwise::Elementwise;
pub use quiet::FpOp;
use views::{View, apart_or_same};

type Result<T> = std::result::Result<T, String>;

/// The nest with its array statements scalarised.
pub struct Scalarised {
    pub nest: Nest,
    /// The entry types of its variables, the hidden ones the pass made included.
    pub entry: Vec<Ty>,
    /// The points of the statements that were array statements.
    pub array_points: HashSet<Point>,
    /// How many array statements run fused with a neighbour.
    pub fused: u32,
    /// Values fused statements settle and later ones read in place of the element
    /// stored: `(value, array)`; each must have the array's dtype ([`check_casts`]).
    pub forwarded: Vec<(Var, Var)>,
    /// The updates in place (`op=`) of array statements, for [`check_casts`].
    pub in_place: Vec<InPlace>,
    /// The points whose numpy float operations the CPU's flags check (see the module
    /// doc): the code there tests no value.
    pub hardware_floats: HashSet<Point>,
    /// How many fused runs have the form that stores as it goes ([`quiet`]).
    pub quiet_runs: u32,
    /// Whether the code depends on `quiet_fp` (it has array statements).
    pub depends_on_fp_errors: bool,
    /// The numpy operations those runs may note flags for (`Intrinsic::NoteFp`).
    pub fp_ops: Vec<FpOp>,
    /// The counters of loops that run rarely (a run's rest after a flag): generated
    /// plain, neither vectorised nor versioned.
    pub cold_loops: HashSet<Var>,
    /// The counters of loops whose vector code tests no value for being finite (a
    /// quiet run's stores, whose flags are read after them).
    pub unchecked_loops: HashSet<Var>,
}

/// `array[index] op= value` at one element of an array statement.
pub struct InPlace {
    pub line: u32,
    pub array: Var,
    pub index: Vec<Expr>,
    pub op: BinOp,
    pub value: Expr,
}

/// How [`scalarise`] makes the loops, from the fastest to the most general: `compile`
/// tries them in this order and keeps the first whose types check ([`check_casts`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// As `Fused`, and where numpy's errors only warn a fused run over one axis stores
    /// as it goes ([`quiet`]).
    Quiet,
    /// Neighbouring statements over one iteration space share their loops ([`fuse`]).
    Fused,
    /// Each statement on its own.
    Apart,
    /// And a statement that reads its target goes through a temporary: its values
    /// (converted to the target's dtype, which may overflow a float32) are settled
    /// there, not merely computed, when they are not of the target's dtype.
    Careful,
}

/// Scalarises `nest`'s array statements for variables of the `entry` types; `None`
/// when it has none. `quiet_fp`: numpy's floating-point errors only warn (its error
/// state for divide, overflow and invalid is `ignore` or `warn`, and no warnings
/// filter makes warnings errors), so that nothing they do can stop a statement half
/// way: statements may then store before they read the flags (the VM specialises on
/// it, `Scalarised::depends_on_fp_errors`).
pub fn scalarise(
    nest: &Nest,
    entry: &[Ty],
    mode: Mode,
    quiet_fp: bool,
) -> Result<Option<Scalarised>> {
    let mut pass = Pass {
        entry,
        fuse: matches!(mode, Mode::Quiet | Mode::Fused),
        careful: mode == Mode::Careful,
        fused: 0,
        rewrote: false,
        temporaries: Vec::new(),
        permuted: nest
            .statements()
            .iter()
            .filter_map(|s| s.permutation())
            .flatten()
            .map(|(t, _)| t)
            .collect(),
        in_place_updates: Vec::new(),
        new_arrays: Default::default(),
        forwarded: Vec::new(),
        counters: Vec::new(),
        vars: nest.vars.clone(),
        in_place: &nest.in_place,
        array_points: HashSet::default(),
        hardware_floats: HashSet::default(),
        quiet: quiet_fp && mode == Mode::Quiet,
        quiet_runs: 0,
        quiet_fp,
        depends_on_fp_errors: false,
        fp_ops: Vec::new(),
        cold_loops: HashSet::default(),
        unchecked_loops: HashSet::default(),
        hoisted: false,
        point: nest.root.point,
        line: nest.root.line,
    };
    pass.find_new_arrays(nest);
    let root = pass.root(&nest.root)?;
    if pass.array_points.is_empty() && !pass.rewrote {
        return Ok(None);
    }
    let mut entry = entry.to_vec();
    entry.resize(pass.vars.len(), Ty::Unbound);
    for (var, ty) in &pass.temporaries {
        entry[var.index()] = Ty::Array(*ty);
    }
    Ok(Some(Scalarised {
        nest: nest.rewritten(pass.vars, root),
        entry,
        array_points: pass.array_points,
        fused: pass.fused,
        forwarded: pass.forwarded,
        in_place: pass.in_place_updates,
        hardware_floats: pass.hardware_floats,
        quiet_runs: pass.quiet_runs,
        depends_on_fp_errors: pass.depends_on_fp_errors,
        fp_ops: pass.fp_ops,
        cold_loops: pass.cold_loops,
        unchecked_loops: pass.unchecked_loops,
    }))
}

struct Pass<'a> {
    entry: &'a [Ty],
    /// Whether runs of array statements may fuse.
    fuse: bool,
    /// Whether a statement that reads its target goes through a temporary.
    careful: bool,
    /// How many array statements joined a fused run.
    fused: u32,
    /// Whether it made numbers of array values (inner products, reductions).
    rewrote: bool,
    /// The temporary arrays it made, and the variables given new arrays, with their
    /// types.
    temporaries: Vec<(Var, ArrayTy)>,
    /// The variables the nest swaps (`u, new = new, u`), which get no new arrays.
    permuted: HashSet<Var>,
    /// The variables the nest gives new arrays (see `find_new_arrays`).
    new_arrays: crate::collections::HashMap<Var, ArrayTy>,
    in_place_updates: Vec<InPlace>,
    /// The fused statements' settled values and the arrays they are stored into.
    forwarded: Vec<(Var, Var)>,
    counters: Vec<Var>,
    vars: PrimaryMap<Var, VarData>,
    in_place: &'a [Point],
    array_points: HashSet<Point>,
    hardware_floats: HashSet<Point>,
    /// Whether fused runs also get the form that stores as it goes ([`quiet`]).
    quiet: bool,
    quiet_runs: u32,
    /// numpy's floating-point errors only warn (see [`scalarise`]).
    quiet_fp: bool,
    depends_on_fp_errors: bool,
    fp_ops: Vec<FpOp>,
    cold_loops: HashSet<Var>,
    unchecked_loops: HashSet<Var>,
    /// Whether the statement being scalarised is one of an inlined body run before its
    /// caller's ([`inlined`]), which shares the caller's point.
    hoisted: bool,
    /// The statement being scalarised: every statement made for it shares its point.
    point: Point,
    line: u32,
}

impl Pass<'_> {
    fn root(&mut self, root: &Stmt) -> Result<Stmt> {
        match self.stmt(root)? {
            Lowered::Plain(mut s) if s.len() == 1 => Ok(s.pop().expect("one")),
            _ => unreachable!("a site's root is a loop"),
        }
    }

    /// A block's statements, runs of array statements fused where they may be.
    fn block(&mut self, stmts: &[Stmt]) -> Result<Vec<Stmt>> {
        let mut out = Vec::new();
        let mut run: Vec<ArrayStmt> = Vec::new();
        // Statements still to lower; a hoisted body's come first ([`inlined`]).
        // (statement, of a hoisted body, shares its point with hoisted statements)
        let mut queue: std::collections::VecDeque<(Stmt, bool, bool)> =
            stmts.iter().map(|s| (s.clone(), false, false)).collect();
        while let Some((s, hoisted, mut shared)) = queue.pop_front() {
            (self.point, self.line) = (s.point, s.line);
            if hoisted {
                self.note_new_array(&s);
            }
            // Matrix products and array arguments of inlined calls, made before the
            // statement (and apart from the run before it, whose stores they may read).
            // Only where that cannot be seen (`inlined::may_hoist`); elsewhere typing
            // refuses what is left, with its reason.
            let mut arguments = Vec::new();
            let hoist = inlined::may_hoist(&s);
            let s = if hoist {
                let s = self.hoist_products(&s, &mut arguments)?;
                self.hoist_arguments(&s, &mut arguments)?
            } else {
                s
            };
            if !arguments.is_empty() {
                self.array_points.insert(s.point);
                self.emit_run(std::mem::take(&mut run), &mut out);
                self.flags_around(arguments, &mut out);
                shared = true;
            }
            if hoist && let Some((body, rest)) = self.hoist_body(&s) {
                queue.push_front((rest, hoisted, true));
                for b in body.into_iter().rev() {
                    queue.push_front((b, true, true));
                }
                continue;
            }
            let s = &s;
            self.hoisted = hoisted;
            let lowered = self.stmt(s);
            self.hoisted = false;
            match lowered? {
                Lowered::Array(a) => run.push(*a),
                Lowered::Plain(p) => {
                    self.emit_run(std::mem::take(&mut run), &mut out);
                    if shared {
                        self.flags_around_loops(p, &mut out);
                    } else {
                        out.extend(p);
                    }
                }
            }
        }
        self.emit_run(run, &mut out);
        Ok(out)
    }

    /// The hidden counter of generated loops at depth `k`, shared by every array
    /// statement (their loops never nest in one another).
    fn counter(&mut self, k: usize) -> Var {
        while self.counters.len() <= k {
            let depth = self.counters.len();
            let var = self.vars.push(VarData {
                name: format!("#k{depth}"),
                hidden: true,
            });
            self.counters.push(var);
        }
        self.counters[k]
    }

    pub(super) fn array_ty(&self, var: Var) -> Option<ArrayTy> {
        match self.entry.get(var.index()) {
            Some(Ty::Array(a)) => Some(*a),
            _ => self.new_arrays.get(&var).copied(),
        }
    }

    fn name(&self, var: Var) -> &str {
        &self.vars[var].name
    }

    pub(super) fn err(&self, what: String) -> String {
        format!("line {}: {what}", self.line)
    }

    fn stmt(&mut self, s: &Stmt) -> Result<Lowered> {
        (self.point, self.line) = (s.point, s.line);
        let kind = match &s.kind {
            StmtKind::Store {
                array,
                index,
                op,
                value,
            } if self.is_view(*array, index) => {
                let a = self.array_statement(*array, index, *op, value)?;
                return Ok(Lowered::Array(Box::new(a)));
            }
            StmtKind::Assign { targets, values }
                if targets.len() == 1
                    && self.in_place.contains(&s.point)
                    && self.array_ty(targets[0]).is_some()
                    // Not a statement of a body hoisted to this point.
                    && !self.hoisted =>
            {
                let Expr::Binary(op, _, value) = &values[0] else {
                    unreachable!("an in-place statement is lowered as `x = x op value`")
                };
                let a = self.array_statement(targets[0], &[], Some(*op), value)?;
                return Ok(Lowered::Array(Box::new(a)));
            }
            // Swapping arrays (double buffering) moves their descriptors.
            StmtKind::Assign { .. }
                if s.permutation()
                    .is_some_and(|p| p.iter().all(|(t, _)| self.array_ty(*t).is_some())) =>
            {
                s.kind.clone()
            }
            // `un = u.copy()`, `lap = u[2:] - 2 * u[1:-1] + u[:-2]`: a new array.
            StmtKind::Assign { targets, values }
                if targets.len() == 1
                    && self.arrayish(&values[0])
                    && !matches!(values[0], Expr::Var(_) | Expr::Load(..)) =>
            {
                let mut out = Vec::new();
                self.new_array(targets[0], &values[0], &mut out)?;
                self.array_points.insert(s.point);
                return Ok(Lowered::Plain(out));
            }
            // `y = #r`, an array a hoisted body made ([`inlined`]): copied into `y`'s
            // own memory (the body's is made again next time).
            StmtKind::Assign { targets, values }
                if let ([t], [Expr::Var(r)]) = (&targets[..], &values[..])
                    && self.vars[*r].is_temporary()
                    && let Some(ty) = self.array_ty(*r) =>
            {
                let copy = Expr::Call(Intrinsic::Copy, vec![Expr::Var(*r)]);
                self.new_arrays.entry(*t).or_insert(ty);
                let mut out = Vec::new();
                self.new_array(*t, &copy, &mut out)?;
                self.array_points.insert(s.point);
                return Ok(Lowered::Plain(out));
            }
            StmtKind::Assign { targets, values } => {
                if let Some((t, _)) = targets.iter().zip(values).find(|(_, v)| self.arrayish(v)) {
                    return Err(self.err(format!(
                        "`{}` is bound to a view or to another array's object; it stays \
                         interpreted",
                        self.name(*t)
                    )));
                }
                s.kind.clone()
            }
            StmtKind::If { cond, then, orelse } => StmtKind::If {
                cond: cond.clone(),
                then: self.block(then)?,
                orelse: self.block(orelse)?,
            },
            StmtKind::For {
                var,
                start,
                stop,
                step,
                items,
                body,
            } => StmtKind::For {
                var: *var,
                start: start.clone(),
                stop: stop.clone(),
                step: step.clone(),
                items: items.clone(),
                body: self.block(body)?,
            },
            StmtKind::While { cond, body } => StmtKind::While {
                cond: cond.clone(),
                body: self.block(body)?,
            },
            _ => s.kind.clone(),
        };
        // The blocks inside moved the point on: what follows is this statement's own
        // (its condition's reductions and their checks hand back here).
        (self.point, self.line) = (s.point, s.line);
        let mut stmt = Stmt {
            point: s.point,
            line: s.line,
            kind,
        };
        // Inner products of views (`a[i, :] @ b[:, j]`), their views evaluated first.
        let mut prologue = Vec::new();
        let exprs: Vec<&mut Expr> = match &mut stmt.kind {
            StmtKind::While { cond, .. } => {
                let mut found = false;
                cond.walk(&mut |e| found |= matches!(e, Expr::MatMul(..) | Expr::Reduce(..)));
                if found {
                    return Err(self.err(
                        "`@` or a reduction in a `while` condition stays interpreted".into(),
                    ));
                }
                Vec::new()
            }
            _ => stmt.exprs_mut(),
        };
        for e in exprs {
            self.dots(e, &mut prologue)?;
            self.reductions(e, &mut prologue)?;
        }
        prologue.push(stmt);
        Ok(Lowered::Plain(prologue))
    }

    /// Whether `array[index]` is a view (not one element) of an array variable.
    fn is_view(&self, array: Var, index: &[Expr]) -> bool {
        let Some(a) = self.array_ty(array) else {
            return false;
        };
        index
            .iter()
            .any(|e| matches!(e, Expr::Slice(_) | Expr::NewAxis))
            || index.len() < a.ndim as usize
    }

    /// A hidden variable assigned `value` now, at the statement's point.
    fn bind(&mut self, what: &str, mut value: Expr, out: &mut Vec<Stmt>) -> Expr {
        if matches!(value, Expr::Int(_) | Expr::Var(_)) {
            return value;
        }
        // A product or reduction left as it is fails typing, with its reason.
        let _ = self.dots(&mut value, out);
        let _ = self.reductions(&mut value, out);
        let var = self.vars.push(VarData {
            name: format!("#{what}{}", self.point.as_u32()),
            hidden: true,
        });
        out.push(self.at(StmtKind::Assign {
            targets: vec![var],
            values: vec![value],
        }));
        Expr::Var(var)
    }

    pub(super) fn check(&mut self, cond: Expr, out: &mut Vec<Stmt>) {
        self.effect("check", Expr::Call(Intrinsic::Check, vec![cond]), out);
    }

    /// `call`, an intrinsic run for what it does (`check`, `scratch`, `gemm`, ...), at
    /// the statement's point: its `True` goes to a hidden variable named after `what`.
    pub(super) fn effect(&mut self, what: &str, call: Expr, out: &mut Vec<Stmt>) {
        let var = self.vars.push(VarData {
            name: format!("#{what}{}", self.point.as_u32()),
            hidden: true,
        });
        out.push(self.at(StmtKind::Assign {
            targets: vec![var],
            values: vec![call],
        }));
    }

    fn at(&self, kind: StmtKind) -> Stmt {
        Stmt {
            point: self.point,
            line: self.line,
            kind,
        }
    }

    /// The loops over `lens` (the shared counters) around one innermost statement.
    pub(super) fn loops(
        &mut self,
        point: Point,
        line: u32,
        lens: &[Expr],
        innermost: Vec<Stmt>,
    ) -> Stmt {
        let mut body = innermost;
        for (k, len) in lens.iter().enumerate().rev() {
            let var = self.counter(k);
            body = vec![Stmt {
                point,
                line,
                kind: StmtKind::For {
                    var,
                    start: Expr::Int(0),
                    stop: len.clone(),
                    step: Expr::Int(1),
                    items: Vec::new(),
                    body,
                },
            }];
        }
        body.pop().expect("one statement")
    }

    /// One array statement on its own: its prologue, its values settled first when it
    /// rereads its target, then its stores.
    fn emit_single(&mut self, s: ArrayStmt, with_prologue: bool, out: &mut Vec<Stmt>) {
        if with_prologue {
            self.fp_flags(Intrinsic::ClearFpFlags, s.point, s.line, out);
            out.extend(s.prologue.iter().cloned());
        }
        let at = |kind| Stmt {
            point: s.point,
            line: s.line,
            kind,
        };
        if let Some(temporary) = s.temporary {
            // numpy's order: every value into the temporary (which nothing else
            // reads), then the temporary into the target, which cannot fail.
            let counters: Vec<Expr> = (0..s.lens.len())
                .map(|k| Expr::Var(self.counter(k)))
                .collect();
            let ok = self.vars.push(VarData {
                name: format!("#scratch{}", s.point.as_u32()),
                hidden: true,
            });
            out.push(at(StmtKind::Assign {
                targets: vec![ok],
                values: vec![Expr::Call(Intrinsic::Scratch(temporary), s.lens.clone())],
            }));
            let fill = at(StmtKind::Store {
                array: temporary,
                index: counters.clone(),
                op: None,
                value: s.full_value(),
            });
            let l = self.loops(s.point, s.line, &s.lens, vec![fill]);
            out.push(l);
            self.fp_flags(Intrinsic::CheckFpFlags, s.point, s.line, out);
            let copy = at(StmtKind::Store {
                array: s.array,
                index: s.index.clone(),
                op: None,
                value: Expr::Load(temporary, counters),
            });
            let l = self.loops(s.point, s.line, &s.lens, vec![copy]);
            out.push(l);
            return;
        }
        if s.rereads {
            // Every value first, so that a condition handed to the interpreter finds
            // the target as it was.
            let scratch = self.vars.push(VarData {
                name: format!("#value{}", s.point.as_u32()),
                hidden: true,
            });
            // Storing it must not fail either: of the target's dtype (checked once
            // typed; otherwise the statement goes through a temporary, see `Mode`).
            self.forwarded.push((scratch, s.array));
            let prepass = at(StmtKind::Assign {
                targets: vec![scratch],
                values: vec![s.full_value()],
            });
            let l = self.loops(s.point, s.line, &s.lens, vec![prepass]);
            out.push(l);
            self.fp_flags(Intrinsic::CheckFpFlags, s.point, s.line, out);
        }
        let store = at(StmtKind::Store {
            array: s.array,
            index: s.index.clone(),
            op: s.op,
            value: s.value.clone(),
        });
        let stores = self.loops(s.point, s.line, &s.lens, vec![store]);
        if s.rereads {
            out.push(stores);
            return;
        }
        // A statement that does not read its target stores the same values when the
        // interpreter runs it again: while numpy's errors only warn, its flags are
        // read after its stores. Where they may raise, numpy raises before storing
        // anything: every value first, as for a statement that reads its target.
        if kiln_numeric::fpstatus::HARDWARE {
            self.depends_on_fp_errors = true;
            if self.quiet_fp {
                out.push(stores);
                self.fp_flags(Intrinsic::CheckFpFlags, s.point, s.line, out);
                return;
            }
        }
        let value = self.vars.push(VarData {
            name: format!("#value{}", s.point.as_u32()),
            hidden: true,
        });
        let values = at(StmtKind::Assign {
            targets: vec![value],
            values: vec![s.full_value()],
        });
        let l = self.loops(s.point, s.line, &s.lens, vec![values]);
        out.push(l);
        self.fp_flags(Intrinsic::CheckFpFlags, s.point, s.line, out);
        out.push(stores);
    }

    /// `stmts` between a clearing and a check of the CPU's flags, at the current point:
    /// where statements share a point (the hoisted ones of [`inlined`]), an array
    /// statement among them has the loops of the point checked by the flags, so the
    /// loops of the others (a new array's, a reduction's) need their own check (they
    /// test no value either).
    fn flags_around(&mut self, stmts: Vec<Stmt>, out: &mut Vec<Stmt>) {
        let (point, line) = (self.point, self.line);
        self.fp_flags(Intrinsic::ClearFpFlags, point, line, out);
        out.extend(stmts);
        self.fp_flags(Intrinsic::CheckFpFlags, point, line, out);
    }

    /// Each loop the pass made in `stmts` between a clearing and a check of the flags
    /// (see [`Pass::flags_around`]), the rest as it is: a statement outside them tests
    /// its values itself, and a check after it would hand back after its assignments.
    fn flags_around_loops(&mut self, stmts: Vec<Stmt>, out: &mut Vec<Stmt>) {
        for s in stmts {
            // Loops the pass made count with a temporary of its own.
            if matches!(s.kind, StmtKind::For { var, .. } if self.vars[var].is_temporary()) {
                self.flags_around(vec![s], out);
            } else {
                out.push(s);
            }
        }
    }

    /// `clear_fp_flags()` or `check_fp_flags()` at `point`, whose numpy operations the
    /// CPU's flags then check; nothing where they cannot be read.
    pub(super) fn fp_flags(&mut self, f: Intrinsic, point: Point, line: u32, out: &mut Vec<Stmt>) {
        if !kiln_numeric::fpstatus::HARDWARE {
            return;
        }
        self.hardware_floats.insert(point);
        let var = self.vars.push(VarData {
            name: format!("#fp{}", point.as_u32()),
            hidden: true,
        });
        out.push(Stmt {
            point,
            line,
            kind: StmtKind::Assign {
                targets: vec![var],
                values: vec![Expr::Call(f, Vec::new())],
            },
        });
    }
}

/// A statement as [`Pass::stmt`] leaves it: done, or an array statement waiting to be
/// fused with its neighbours.
enum Lowered {
    /// A statement, after what it evaluates first (the views of its inner products).
    Plain(Vec<Stmt>),
    Array(Box<ArrayStmt>),
}

/// An array statement ready to be emitted: what it evaluates before its loops, and
/// its innermost statement over the shared counters.
struct ArrayStmt {
    point: Point,
    line: u32,
    prologue: Vec<Stmt>,
    /// The target view's axis lengths: the loops' bounds.
    lens: Vec<Expr>,
    array: Var,
    /// The target's subscripts as written (see [`View::written`]).
    written: Vec<Expr>,
    /// The target element at the counters.
    index: Vec<Expr>,
    op: Option<BinOp>,
    /// The value at the counters.
    value: Expr,
    /// It reads its target's elements: settle every value before storing any.
    rereads: bool,
    /// The temporary array it computes its values into before storing them.
    temporary: Option<Var>,
    /// The views its value reads elements of: array and subscripts as written.
    reads: Vec<(Var, Vec<Expr>)>,
    /// The arrays its prologue reads elements of (scalar operands).
    prologue_reads: HashSet<Var>,
}

impl ArrayStmt {
    /// The value stored, `op=` applied.
    fn full_value(&self) -> Expr {
        match self.op {
            Some(op) => Expr::Binary(
                op,
                Box::new(Expr::Load(self.array, self.index.clone())),
                Box::new(self.value.clone()),
            ),
            None => self.value.clone(),
        }
    }
}
