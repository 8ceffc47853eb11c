//! Splicing: a call whose result is discarded of a function compiled whole (`@njit`),
//! `step(u, v, dt)` in a time loop, replaced by the loop nest of that function's site.
//!
//! The callee's site nest is a loop of one iteration (`rewrite`'s function sites). It
//! goes in place of the calling statement, inside `if True:`, after the assignments
//! that bind the parameters: a parameter passed a name the function never assigns
//! is that name (an array argument is the caller's array itself), any other gets a
//! variable of its own, assigned the argument. The callee's variables join the
//! caller's (`step.x`), its points are numbered after the caller's, its `return`s
//! leave the loop of one iteration (`break`), and what it reads as globals is looked
//! up in its own module: the numbers become constants under guards, the calls are
//! inlined or spliced in their turn.
//!
//! Invariant: a check that fails inside a spliced body hands the caller back at the
//! calling statement and the callee at the statement that failed. The caller's
//! interpreter runs the call again; the callee's site, entered by that call, takes the
//! pending outcome made here from the caller's frame (the callee's variables and loop
//! states) instead of running, and its interpreter resumes the body where compiled
//! code stopped. Nothing runs between the two but the evaluation of the call's
//! arguments, which compiled code evaluated already (they have no effects:
//! [`check_arguments`] refuses a nest where one stores or draws), so the callee
//! resumes in exactly the state it was in. A pending outcome no call takes is
//! dropped at the next compiled run.

use super::attributes::method_of;
use super::guards::{Guard, check_assumptions, lookup};
use super::inline::{
    Definition, Receivers, discarded_call, inline_in, number_constant, rename_calls,
};
use super::lower::DISCARDED;
use super::tier::{FrameVars, Outcome};
use kiln_jit::ir::{EntityRef, Expr, Nest, Point, PrimaryMap, Stmt, StmtKind, Var, VarData};
use rustpython_vm::builtins::PyDictRef;
use rustpython_vm::{PyObjectRef, PyResult, VirtualMachine};
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

/// Functions spliced into functions spliced into ... this deep are not.
const MAX_DEPTH: usize = 3;

/// A callee's nest spliced into a caller's.
#[derive(Clone, Debug)]
pub struct Splice {
    /// The callee's function site.
    pub site: u32,
    /// The calling statement (for a call inside a spliced body, a point of that body).
    pub call: Point,
    /// The caller's point for the callee's point 0; its points follow.
    pub first: u32,
    pub points: u32,
    /// The caller's variable for each of the callee's.
    pub vars: Vec<Var>,
}

impl Splice {
    fn contains(&self, point: i64) -> bool {
        (self.first as i64..(self.first + self.points) as i64).contains(&point)
    }
}

/// `Err(Ok(..))`: a reason not to compile; `Err(Err(..))`: an exception.
type Spliced<T> = Result<T, PyResult<String>>;

struct Splicer<'a> {
    frame: &'a FrameVars,
    vm: &'a VirtualMachine,
    vars: PrimaryMap<Var, VarData>,
    /// How many of `vars` are the loop's own, which the frame has.
    own_vars: usize,
    points: u32,
    in_place: Vec<Point>,
    tuple_subscripted: Vec<Var>,
    guards: &'a mut Vec<Guard>,
    splices: Vec<Splice>,
    /// The caller's variables made for attributes of the objects whose methods were
    /// spliced or inlined (`acc.n` for `self.n` in `acc.push(x)`), read on entry like
    /// its own, and the paths of those objects in the running frame (`acc`).
    receivers: Receivers,
}

/// Refuses a nest where a spliced call's argument has an effect: a store that a function
/// inlined into it makes, or a draw from `random` (`acc.push(pick(c, i))`). Compiled
/// code evaluates the arguments once, binding the callee's parameters; a check failing
/// later inside the callee's body hands the caller back at the calling statement, and
/// the caller's interpreter evaluates them again (the module doc), which would store
/// or draw a second time. A check failing in the binding itself is harmless: its
/// stores are undone (`backend::cpu::journal`) and nothing was drawn yet after it.
pub(super) fn check_arguments(root: &Stmt, splices: &[Splice]) -> Result<(), String> {
    let mut refused = None;
    root.each(&mut |s| {
        if refused.is_some() || !splices.iter().any(|sp| sp.call == s.point) {
            return;
        }
        if let StmtKind::Assign { values, .. } = &s.kind {
            let exprs: Vec<&Expr> = values.iter().collect();
            let stores = kiln_jit::ir::inlined_stores(&exprs) > 0;
            if stores || values.iter().any(kiln_jit::draws::draws) {
                let what = if stores {
                    "calls a function that stores into an array"
                } else {
                    "draws from `random`"
                };
                refused = Some(format!(
                    "line {}: an argument of a call spliced into the loop {what}, which a \
                     hand-back from the call's body would make the interpreter do again: \
                     the call stays interpreted",
                    s.line
                ));
            }
        }
    });
    refused.map_or(Ok(()), Err)
}

/// Splices the calls of functions compiled whole whose results `nest` discards (see the
/// module doc); the splices, for [`resume`], and the variables made for attributes of
/// the objects whose methods were spliced, which the entry reads from the frame.
pub(super) fn splice_calls(
    nest: &mut Nest,
    frame: &FrameVars,
    items: &HashMap<String, String>,
    guards: &mut Vec<Guard>,
    vm: &VirtualMachine,
) -> Spliced<(Vec<Splice>, Receivers)> {
    let own = nest.vars.len();
    let mut s = Splicer {
        frame,
        vm,
        own_vars: nest.vars.len(),
        vars: std::mem::take(&mut nest.vars),
        points: nest.points,
        in_place: std::mem::take(&mut nest.in_place),
        tuple_subscripted: std::mem::take(&mut nest.tuple_subscripted),
        guards,
        splices: Vec::new(),
        receivers: Receivers {
            own,
            items: items.clone(),
            ..Receivers::default()
        },
    };
    let result = s.stmt(&mut nest.root, &None, 0);
    nest.vars = s.vars;
    nest.points = s.points;
    nest.in_place = s.in_place;
    nest.tuple_subscripted = s.tuple_subscripted;
    result.map(|()| (s.splices, s.receivers))
}

impl Splicer<'_> {
    fn body(
        &mut self,
        body: &mut [Stmt],
        globals: &Option<PyDictRef>,
        depth: usize,
    ) -> Spliced<()> {
        body.iter_mut()
            .try_for_each(|s| self.stmt(s, globals, depth))
    }

    fn stmt(&mut self, stmt: &mut Stmt, globals: &Option<PyDictRef>, depth: usize) -> Spliced<()> {
        match &mut stmt.kind {
            StmtKind::If { then, orelse, .. } => {
                self.body(then, globals, depth)?;
                self.body(orelse, globals, depth)
            }
            StmtKind::For { body, .. } | StmtKind::While { body, .. } => {
                self.body(body, globals, depth)
            }
            StmtKind::Assign { targets, values }
                if targets.len() == 1
                    && self.vars[targets[0]].name.starts_with(DISCARDED)
                    && matches!(values[..], [Expr::CallUser(..)]) =>
            {
                let Expr::CallUser(name, args) = &values[0] else {
                    unreachable!("matched a call")
                };
                let (name, args) = (name.clone(), args.clone());
                if let Some(kind) = self.splice(&name, &args, stmt, globals, depth)? {
                    stmt.kind = kind;
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// The statement that replaces `stmt`, the call `name(args)`, or `None` where
    /// `name` is no function compiled whole (the call is then inlined, or not, as any).
    fn splice(
        &mut self,
        name: &str,
        args: &[Expr],
        stmt: &Stmt,
        globals: &Option<PyDictRef>,
        depth: usize,
    ) -> Spliced<Option<StmtKind>> {
        let vm = self.vm;
        // `acc.push(x)`: a method of an object of the running frame (at any depth, an
        // object a method spliced already was called on: `self.add(x)` in `push`).
        let (function, receiver) = match name.rsplit_once('.') {
            Some((receiver, method)) => {
                // A method of a list's objects is inlined, not spliced (`inline_in`).
                if (globals.is_some() && !self.receivers.paths.contains(receiver))
                    || self.receivers.items.contains_key(receiver)
                {
                    return Ok(None);
                }
                let Some(obj) = self.frame.object(receiver, vm).map_err(Err)? else {
                    return Ok(None);
                };
                let Some(function) = method_of(&obj, method, vm).map_err(Err)? else {
                    return Ok(None);
                };
                (function, Some((receiver, obj)))
            }
            None => match lookup(globals, self.frame, name, vm).map_err(Err)? {
                Some(function) => (function, None),
                None => return Ok(None),
            },
        };
        let Some(definition) = Definition::of(&function, vm).map_err(Err)? else {
            return Ok(None);
        };
        let (file, line, fname) = definition.key();
        let Some(site) = super::function_site(file, line, fname) else {
            return Ok(None);
        };
        let code = &definition.code.code;
        let callee = match &site.nest {
            Ok(nest) => nest,
            Err(why) => return Err(Ok(format!("`{name}()` stays interpreted: {why}"))),
        };
        if depth >= MAX_DEPTH {
            return Err(Ok(format!(
                "`{name}()` is called deeper than {MAX_DEPTH} functions"
            )));
        }
        let varargs = code.flags.bits() & 0x000c != 0;
        let arg_count = code.arg_count as usize;
        // A method's first parameter is its object; the call's arguments are the rest.
        let first = receiver.is_some() as usize;
        if varargs || code.kwonlyarg_count != 0 || args.len() + first != arg_count {
            return Err(Ok(format!(
                "`{name}()` is called with {} arguments for its {} parameters \
                 (defaults, `*args` and keywords stay interpreted)",
                args.len(),
                arg_count - first.min(arg_count)
            )));
        }
        let params: Vec<&str> = code.varnames[..arg_count]
            .iter()
            .map(|n| n.as_str())
            .collect();
        let this = receiver.as_ref().map(|_| params[0]);
        let own = Some(definition.globals.clone());
        let resolve = |n: &str| lookup(&own, self.frame, n, vm);
        if let Err(reason) = check_assumptions(&callee.assumed, &resolve, vm).map_err(Err)? {
            return Err(Ok(reason));
        }

        let assigned: HashSet<Var> = callee.assigned().into_iter().collect();
        // Attributes of the objects of a list the callee runs over (`p.vx` of `for p in
        // ps`): columns of the expanded nest, made on entry (`objects::InlinedColumns`).
        let columns: HashSet<Var> = kiln_jit::objects::item_attributes(callee)
            .iter()
            .map(|a| a.var)
            .collect();
        // Variables assigned only by `name op= value`, which updates an array in place.
        let mut rebound = HashSet::new();
        callee.root.each(&mut |s| {
            if let StmtKind::Assign { targets, .. } = &s.kind
                && !callee.in_place.contains(&s.point)
            {
                rebound.extend(targets.iter().copied());
            }
        });
        // Every variable the body names, wherever it does.
        let read = RefCell::new(HashSet::new());
        callee.root.clone().remap_vars(&|v| {
            read.borrow_mut().insert(v);
            v
        });
        let read = read.into_inner();
        let mut vars = Vec::with_capacity(callee.vars.len());
        let mut binds = Vec::new();
        let mut constants = Vec::new();
        for (v, d) in callee.vars.iter() {
            // The method's object: its attributes are the caller's variables for those
            // attributes of the receiver (`self.n` is `acc.n`).
            if let (Some((path, _)), Some(this)) = (&receiver, this)
                && !d.hidden
            {
                if d.name == this {
                    return Err(Ok(format!(
                        "`{name}()` is not spliced: it uses `{this}` other than through \
                         its attributes"
                    )));
                }
                if let Some(attribute) = d.name.strip_prefix(this).and_then(|r| r.strip_prefix('.'))
                {
                    let path = format!("{path}.{attribute}");
                    vars.push(self.receivers.attribute_var(&mut self.vars, &path));
                    continue;
                }
            }
            let param = (!d.hidden)
                .then(|| params.iter().position(|p| *p == d.name))
                .flatten()
                .map(|k| k - first);
            // A parameter passed a name: that name, if the function never assigns it,
            // or only updates it in place (`v += a`) and it holds an array.
            if let Some(k) = param
                && let Expr::Var(arg) = &args[k]
                && (!assigned.contains(&v)
                    || (!rebound.contains(&v) && self.holds_array(*arg).map_err(Err)?))
            {
                vars.push(*arg);
                continue;
            }
            let new = self.vars.push(VarData {
                name: if d.hidden {
                    d.name.clone()
                } else {
                    format!("{fname}.{}", d.name)
                },
                hidden: d.hidden,
            });
            vars.push(new);
            if let Some(k) = param {
                binds.push((new, args[k].clone()));
            } else if !d.hidden
                && !assigned.contains(&v)
                && read.contains(&v)
                && !columns.contains(&v)
            {
                // A global of the callee's module.
                match self.constant(&d.name, &own)? {
                    Some(c) => constants.push((new, c)),
                    None => {
                        return Err(Ok(format!(
                            "`{name}()` is not spliced: it reads `{}`, which is not a number \
                             of its module",
                            d.name
                        )));
                    }
                }
            }
        }

        let base = self.points;
        self.points += callee.points;
        self.in_place.extend(
            callee
                .in_place
                .iter()
                .map(|p| Point::new(base as usize + p.index())),
        );
        self.tuple_subscripted
            .extend(callee.tuple_subscripted.iter().map(|v| vars[v.index()]));
        let mut root = callee.root.clone();
        root.remap_vars(&|v| vars[v.index()]);
        root.each_mut(&mut |s| s.point = Point::new(base as usize + s.point.index()));
        // A site's own bounds come from its frame: here the loop of one call is
        // `range(1)`.
        let StmtKind::For {
            start,
            stop,
            step,
            body,
            ..
        } = &mut root.kind
        else {
            return Err(Ok(format!("`{name}()`'s site is no loop of one call")));
        };
        (*start, *stop, *step) = (Expr::Int(0), Expr::Int(1), Expr::Int(1));
        if !returns_to_breaks(body, false) {
            return Err(Ok(format!(
                "`{name}()` is not spliced: it returns from inside a loop"
            )));
        }
        // The method's own calls of methods of its object are calls on the receiver.
        if let (Some((path, _)), Some(this)) = (&receiver, this)
            && rename_calls(std::slice::from_mut(&mut root), &format!("{this}."), path)
        {
            self.receivers.paths.insert((*path).to_owned());
        }
        for (var, constant) in &constants {
            let put = &mut |e: &mut Expr| {
                if matches!(e, Expr::Var(v) if v == var) {
                    *e = constant.clone();
                }
            };
            root.each_mut(&mut |s| s.exprs_mut().into_iter().for_each(|e| e.walk_mut(put)));
        }
        self.guards.push(match &receiver {
            Some((_, obj)) => Guard::method(name, obj, &function, fname),
            None => Guard::function(name, globals, &function, fname),
        });
        self.splices.push(Splice {
            site: site.id,
            call: stmt.point,
            first: base,
            points: callee.points,
            vars,
        });
        // Its own calls, in its own module.
        self.stmt(&mut root, &own, depth + 1)?;
        let mut failure = None;
        root.each_mut(&mut |s| {
            let discarded = discarded_call(s, &self.vars);
            for e in s.exprs_mut() {
                if failure.is_none()
                    && let Err(f) = inline_in(
                        e,
                        discarded,
                        &mut self.vars,
                        &own,
                        self.frame,
                        depth + 1,
                        self.guards,
                        &mut self.receivers,
                        vm,
                    )
                {
                    failure = Some(f);
                }
            }
        });
        if let Some(f) = failure {
            return Err(f);
        }
        let mut then: Vec<Stmt> = binds
            .into_iter()
            .map(|(var, value)| Stmt {
                point: stmt.point,
                line: stmt.line,
                kind: StmtKind::Assign {
                    targets: vec![var],
                    values: vec![value],
                },
            })
            .collect();
        then.push(root);
        Ok(Some(StmtKind::If {
            cond: Expr::Bool(true),
            then,
            orelse: Vec::new(),
        }))
    }

    /// Whether the loop's variable `var` holds an array (the specialisation being
    /// compiled is for the types its variables hold now).
    fn holds_array(&self, var: Var) -> PyResult<bool> {
        if var.index() >= self.own_vars {
            return Ok(false);
        }
        self.frame.holds_array(&self.vars[var].name, self.vm)
    }

    /// The number a global name (`N`, or `np.pi`) of the callee's module holds, under a
    /// guard on the name; `None` for anything else.
    fn constant(&mut self, name: &str, globals: &Option<PyDictRef>) -> Spliced<Option<Expr>> {
        let vm = self.vm;
        let mut parts = name.split('.');
        let first = parts.next().unwrap_or(name);
        let Some(base) = lookup(globals, self.frame, first, vm).map_err(Err)? else {
            return Ok(None);
        };
        let mut value = base.clone();
        for part in parts {
            match value.get_attr(&vm.ctx.new_str(part), vm) {
                Ok(v) => value = v,
                Err(_) => return Ok(None),
            }
        }
        let Some(constant) = number_constant(&value, vm) else {
            return Ok(None);
        };
        // `np.pi`: the name `np` must stay the module it is (whose attributes are taken
        // to stay what they are, as a module's constants do).
        self.guards.push(Guard::value(first, globals, base));
        Ok(Some(constant))
    }
}

/// Turns the `return`s of a function site's body into `break`s out of its loop of one
/// iteration; false where one is inside a loop of the body.
fn returns_to_breaks(body: &mut [Stmt], in_loop: bool) -> bool {
    body.iter_mut().all(|s| match &mut s.kind {
        StmtKind::Return(_) if in_loop => false,
        StmtKind::Return(_) => {
            s.kind = StmtKind::Break;
            true
        }
        StmtKind::If { then, orelse, .. } => {
            returns_to_breaks(then, in_loop) && returns_to_breaks(orelse, in_loop)
        }
        StmtKind::For { body, .. } | StmtKind::While { body, .. } => returns_to_breaks(body, true),
        _ => true,
    })
}

thread_local! {
    /// The outcomes callees' sites take at their next entry (see the module doc).
    static PENDING: RefCell<HashMap<u32, Outcome>> = RefCell::new(HashMap::new());
}

/// Drops the pending outcomes no call took.
pub(super) fn clear_pending() {
    PENDING.with(|p| p.borrow_mut().clear());
}

/// Whether an outcome waits for `site`'s next entry.
pub(super) fn has_pending(site: u32) -> bool {
    PENDING.with(|p| p.borrow().contains_key(&site))
}

/// Leaves `outcome` for `site`'s entry to take (`_kiln_jit.quick`'s hand-backs).
pub(super) fn leave_pending(site: u32, outcome: Outcome) {
    PENDING.with(|p| p.borrow_mut().insert(site, outcome));
}

/// The outcome pending for `site`, which its entry takes instead of running.
pub(super) fn take_pending(site: u32) -> Option<Outcome> {
    PENDING.with(|p| p.borrow_mut().remove(&site))
}

/// Where the caller resumes after its compiled code stopped at `point`: a point inside
/// a spliced body leaves a pending outcome for the callee (and for the callees around
/// it) and resumes the caller at the calling statement. `value` boxes a caller
/// variable as the write-back does; `state` gives the state of the caller's `for` loop
/// at a point. With an interrupt to raise the callee is not resumed: the interrupt
/// comes first.
pub(super) fn resume(
    splices: &[Splice],
    mut point: i64,
    interrupted: bool,
    value: &dyn Fn(Var) -> PyResult<Option<PyObjectRef>>,
    state: &dyn Fn(Point) -> Option<(i64, i64, i64)>,
) -> PyResult<i64> {
    while let Some(s) = splices.iter().find(|s| s.contains(point)) {
        let k = point - s.first as i64;
        if k > 0
            && !interrupted
            && let Some(site) = super::site(s.site)
            && let Ok(callee) = &site.nest
        {
            // What the callee's rewritten code unpacks: its assigned variables but the
            // attributes of a list's objects, which compiled code stored in place.
            let values = site
                .written_back
                .iter()
                .map(|v| value(s.vars[v.index()]))
                .collect::<PyResult<Vec<_>>>()?;
            let mut loops = HashMap::new();
            for stmt in callee.statements() {
                if let StmtKind::For { .. } = stmt.kind
                    && let Some(st) = state(Point::new(s.first as usize + stmt.point.index()))
                {
                    loops.insert(stmt.point.as_u32(), st);
                }
            }
            let outcome = Outcome {
                values,
                point: k,
                loops,
                interrupt: None,
                progress: 0,
            };
            PENDING.with(|p| p.borrow_mut().insert(s.site, outcome));
        }
        point = s.call.as_u32() as i64;
    }
    Ok(point)
}
