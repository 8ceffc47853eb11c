//! Inlining: the calls of user functions in a nest replaced by their bodies when it
//! compiles, and what keeps that valid.
//!
//! A call is inlined when the name, looked up where the code runs, holds a function
//! whose definition lowered to the inlinable subset (`lower::lower_function`), or a
//! numpy ufunc or `math` function by identity (an intrinsic then). Each such name gets a
//! [`Guard`] (`super::guards`): on every entry the name must still hold the same object, or the
//! specialisation is not used. The module constants an inlined body reads are inlined
//! as numbers under the same kind of guard, and a call whose tuple the caller unpacks
//! (`Expr::Unpack`) ends the body assigning the caller's hidden variables.

use super::attributes::method_of;
use super::guards::{Guard, check_assumptions, items_method, lookup};
use super::splice::{Splice, check_arguments, splice_calls};
use super::tier::FrameVars;
use kiln_jit::ir::Nest;
use rustpython_vm::builtins::{PyDictRef, PyFloat, PyInt};
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

/// A plain function of the user's (no closure): its code, whose file, first line and
/// name are the key its definition is registered under (`super::function`,
/// `super::function_site`), and the globals its names resolve in.
pub(super) struct Definition {
    pub code: rustpython_vm::PyRef<rustpython_vm::builtins::PyCode>,
    pub globals: PyDictRef,
}

impl Definition {
    /// The definition of what `function` holds; `None` for anything but a plain
    /// function.
    pub(super) fn of(function: &PyObjectRef, vm: &VirtualMachine) -> PyResult<Option<Definition>> {
        if function
            .downcast_ref::<rustpython_vm::builtins::PyFunction>()
            .is_none()
            || !vm.is_none(&*function.get_attr("__closure__", vm)?)
        {
            return Ok(None);
        }
        let Ok(code) = function.get_attr("__code__", vm)?.downcast() else {
            return Ok(None);
        };
        let globals = function.get_attr("__globals__", vm)?.try_into_value(vm)?;
        Ok(Some(Definition { code, globals }))
    }

    /// The file, first line and name the registries know the definition by.
    pub(super) fn key(&self) -> (&str, u32, &str) {
        let code = &self.code.code;
        let line = code.first_line_number.map_or(0, |n| n.get() as u32);
        (code.source_path.as_str(), line, code.obj_name.as_str())
    }
}

/// Calls of user functions this deep are not inlined.
const MAX_INLINE_DEPTH: usize = 3;

/// A nest with its calls of user functions spliced or inlined, the guards that keep it
/// valid, and the splices ([`super::splice`]).
pub(super) type Expanded = (Nest, Vec<Guard>, Vec<Splice>, Vec<kiln_jit::ir::Var>);

/// The nest with its calls of user functions spliced or inlined.
pub(super) fn inline_calls(
    nest: &Nest,
    vars: &FrameVars,
    vm: &VirtualMachine,
) -> PyResult<Result<Expanded, String>> {
    // A method of a name the nest binds (an object of a list, `for p in ps:
    // p.step()`) would be looked up on what the name held before the loop.
    let assigned: Vec<&str> = nest
        .assigned()
        .iter()
        .map(|v| nest.vars[*v].name.as_str())
        .collect();
    // Unless the name is bound only to the objects of a list: its methods are those of
    // the class of the list's items (`inline_in`).
    let items: std::collections::HashMap<String, String> = kiln_jit::objects::item_lists(nest)
        .into_iter()
        .map(|(name, list)| (nest.vars[name].name.clone(), nest.vars[list].name.clone()))
        .collect();
    let mut rebound = None;
    nest.root.each(&mut |s| {
        for e in s.exprs() {
            e.walk(&mut |e| {
                if let kiln_jit::ir::Expr::CallUser(name, _) = e
                    && let Some((receiver, _)) = name.split_once('.')
                    && assigned.contains(&receiver)
                    && !items.contains_key(receiver)
                {
                    rebound.get_or_insert_with(|| {
                        format!(
                            "a call of `{name}()`, a method of `{receiver}`, which the loop assigns, \
                             stays interpreted"
                        )
                    });
                }
            });
        }
    });
    if let Some(why) = rebound {
        return Ok(Err(why));
    }
    let mut expanded = nest.clone();
    let mut guards = Vec::new();
    let (splices, receivers) = match splice_calls(&mut expanded, vars, &items, &mut guards, vm) {
        Ok(spliced) => spliced,
        Err(Ok(reason)) => return Ok(Err(reason)),
        Err(Err(exc)) => return Err(exc),
    };
    // The inlined bodies' variables join the nest's while its statements are rewritten.
    let mut receivers = receivers;
    let mut nest_vars = std::mem::take(&mut expanded.vars);
    let mut failure: Option<PyResult<String>> = None;
    expanded.root.each_mut(&mut |stmt| {
        let discarded = discarded_call(stmt, &nest_vars);
        for e in stmt.exprs_mut() {
            if failure.is_none()
                && let Err(f) = inline_in(
                    e,
                    discarded,
                    &mut nest_vars,
                    &None,
                    vars,
                    0,
                    &mut guards,
                    &mut receivers,
                    vm,
                )
            {
                failure = Some(f);
            }
        }
    });
    match failure {
        Some(Ok(reason)) => return Ok(Err(reason)),
        Some(Err(exc)) => return Err(exc),
        None => {}
    }
    if let Err(reason) = check_arguments(&expanded.root, &splices) {
        return Ok(Err(reason));
    }
    // A name an inlined or spliced body reads as its module's constant (`K`, the loop
    // variable `i` of a loop at module level) is the value it had when the nest was
    // compiled, checked on entry; a name the nest itself assigns changes while it
    // runs, and the body would go on reading the old value. (Refused for any name the
    // nest assigns: a function's local of that name is another variable, but which
    // one the name is in the callee's module is not known here.)
    if let Some(g) = guards
        .iter()
        .find(|g| g.is_value() && assigned.contains(&g.name()))
    {
        return Ok(Err(format!(
            "an inlined function reads the global `{}`, which the loop assigns: the \
             call stays interpreted",
            g.name()
        )));
    }
    expanded.vars = nest_vars;
    Ok(Ok((expanded, guards, splices, receivers.extra)))
}

/// A call of numpy's math ufuncs or of the `math` module's functions under whatever
/// name (`from numpy import exp`, `from math import sqrt as root`): the intrinsic it
/// is, with numpy's or Python's rules as the function bound to the name has them.
fn known_function(
    function: &PyObjectRef,
    args: &mut Vec<kiln_jit::ir::Expr>,
    vm: &VirtualMachine,
) -> PyResult<Option<kiln_jit::ir::Expr>> {
    use kiln_jit::ir::{BinaryUfunc, Expr, Intrinsic, MathFn, NpTest, Ufunc};
    let Ok(name) = function.get_attr("__name__", vm) else {
        return Ok(None);
    };
    let Some(name) = name
        .downcast_ref::<rustpython_vm::builtins::PyStr>()
        .and_then(|n| n.to_str())
        .map(str::to_owned)
    else {
        return Ok(None);
    };
    let attr = vm.ctx.new_str(name.as_str());
    let is = |module: &'static str| {
        vm.import(module, 0)
            .ok()
            .and_then(|m| m.get_attr(&attr, vm).ok())
            .is_some_and(|f| f.is(function))
    };
    let test = NpTest::from_name(&name);
    let intrinsic = match (Ufunc::from_name(&name), MathFn::from_name(&name)) {
        (Some(u), _) if args.len() == 1 && is("numpy") => Intrinsic::Ufunc(u),
        (_, Some(f)) if args.len() == f.arity() && is("math") => Intrinsic::Math(f),
        _ => match (test, BinaryUfunc::from_name(&name)) {
            (Some(t), _) if args.len() == 1 && is("numpy") => Intrinsic::NpTest(t),
            (_, Some(u)) if args.len() == 2 && is("numpy") => Intrinsic::BinaryUfunc(u),
            _ => return Ok(None),
        },
    };
    Ok(Some(Expr::Call(intrinsic, std::mem::take(args))))
}

/// The names an inlinable function reads without assigning them that hold a number in
/// its module (`M` in `return (A * s + C) % M`), as the constants they are now, each
/// guarded like the function itself (the name must still hold that object).
fn module_constants(
    f: &kiln_jit::ir::Function,
    callee: &Option<PyDictRef>,
    vars: &FrameVars,
    guards: &mut Vec<Guard>,
    vm: &VirtualMachine,
) -> PyResult<Vec<(kiln_jit::ir::Var, kiln_jit::ir::Expr)>> {
    use kiln_jit::ir::{Expr, StmtKind};
    let mut assigned: std::collections::HashSet<_> = f.params.iter().copied().collect();
    assigned.extend(f.tuple.iter().copied());
    let mut read = std::collections::HashSet::new();
    for stmt in &f.body {
        stmt.each(&mut |s| {
            if let StmtKind::Assign { targets, .. } = &s.kind {
                assigned.extend(targets.iter().copied());
            }
            for e in s.exprs() {
                e.walk(&mut |e| {
                    if let Expr::Var(v) = e {
                        read.insert(*v);
                    }
                });
            }
        });
    }
    f.result.walk(&mut |e| {
        if let Expr::Var(v) = e {
            read.insert(*v);
        }
    });
    let mut out = Vec::new();
    for (var, data) in f.vars.iter() {
        if assigned.contains(&var) || !read.contains(&var) {
            continue;
        }
        let Some(value) = lookup(callee, vars, &data.name, vm)? else {
            continue;
        };
        let Some(constant) = number_constant(&value, vm) else {
            continue;
        };
        guards.push(Guard::value(&data.name, callee, value));
        out.push((var, constant));
    }
    Ok(out)
}

/// A bool, an int that fits in 64 bits or a float, as the constant compiled code
/// takes it for; `None` for anything else.
pub(super) fn number_constant(
    value: &PyObjectRef,
    vm: &VirtualMachine,
) -> Option<kiln_jit::ir::Expr> {
    use kiln_jit::ir::Expr;
    let types = &vm.ctx.types;
    let class = value.class();
    if class.is(types.bool_type) {
        Some(Expr::Bool(value.is(&vm.ctx.true_value)))
    } else if class.is(types.int_type) {
        let i = value
            .downcast_ref::<PyInt>()?
            .try_to_primitive::<i64>(vm)
            .ok()?;
        Some(Expr::Int(i))
    } else if class.is(types.float_type) {
        Some(Expr::Float(value.downcast_ref::<PyFloat>()?.to_f64()))
    } else {
        None
    }
}

/// Replaces the calls of user functions in `e` by their inlined bodies. `Err(Ok(..))`
/// is a reason not to compile, `Err(Err(..))` an exception.
#[allow(clippy::too_many_arguments)]
pub(super) fn inline_in(
    e: &mut kiln_jit::ir::Expr,
    discarded: Option<*const kiln_jit::ir::Expr>,
    nest_vars: &mut kiln_jit::ir::PrimaryMap<kiln_jit::ir::Var, kiln_jit::ir::VarData>,
    globals: &Option<PyDictRef>,
    vars: &FrameVars,
    depth: usize,
    guards: &mut Vec<Guard>,
    receivers: &mut Receivers,
    vm: &VirtualMachine,
) -> Result<(), PyResult<String>> {
    use kiln_jit::ir::{EntityRef, Expr, Inlined, Var, VarData};
    let mut failure = None;
    e.walk_mut(&mut |e| {
        if failure.is_some() {
            return;
        }
        let value_discarded = discarded == Some(e as *const Expr);
        // `a, b = f(x)`: the call, and the hidden variables its tuple goes to.
        let (name, args, unpack) = match e {
            Expr::CallUser(name, args) => (name, args, None),
            Expr::Unpack(call, unpack) => match &mut **call {
                Expr::CallUser(name, args) => (name, args, Some(unpack.clone())),
                _ => return,
            },
            _ => return,
        };
        let result = (|| -> Result<Expr, PyResult<String>> {
            if depth >= MAX_INLINE_DEPTH {
                return Err(Ok(format!(
                    "`{name}()` is called deeper than {MAX_INLINE_DEPTH} functions"
                )));
            }
            let not_inlinable = || {
                Err(Ok(if name.contains('.') {
                    format!(
                        "a call of `{name}()` stays interpreted: it is no method of a class \
                         of the user's (a plain function on the class) that kiln inlines"
                    )
                } else {
                    format!("a call of `{name}()` stays interpreted")
                }))
            };
            // `self.f(x)`: a method of an object of the running frame (at any depth, one
            // whose methods were inlined or spliced already).
            let method = match name.rsplit_once('.') {
                Some((receiver, method)) if receivers.items.contains_key(receiver) => {
                    let list = receivers.items[receiver].clone();
                    let Some(objects) = vars.object(&list, vm).map_err(Err)? else {
                        return Err(Ok(format!("`{name}()` stays interpreted: `{list}` is not set")));
                    };
                    let (class, function) = match items_method(&objects, method, vm).map_err(Err)? {
                        Ok(found) => found,
                        Err(why) => {
                            return Err(Ok(format!(
                                "a call of `{name}()`, a method of the objects of `{list}`, \
                                 stays interpreted: {why}"
                            )));
                        }
                    };
                    Some((receiver.to_owned(), Callee::Items(list, class), function))
                }
                Some((receiver, method)) => {
                    if depth > 0 && !receivers.paths.contains(receiver) {
                        return not_inlinable();
                    }
                    let Some(obj) = vars.object(receiver, vm).map_err(Err)? else {
                        return not_inlinable();
                    };
                    if unpack.is_none()
                        && let Some((generator, draw)) =
                            super::draws::receiver_draws(&obj, method, vm)
                        && let Some(drawn) = super::draws::drawn_expr(draw, args)
                    {
                        guards.push(Guard::draws(name, &None, generator, draw));
                        return Ok(drawn);
                    }
                    let Some(function) = method_of(&obj, method, vm).map_err(Err)? else {
                        if matches!(method, "random" | "uniform" | "randint" | "gauss") {
                            return Err(Ok(format!(
                                "`{name}` is no random generator's own `{method}` (rebound, or \
                                 a subclass's), or its arguments draw or call functions; it \
                                 stays interpreted"
                            )));
                        }
                        if obj
                            .downcast_ref::<rustpython_vm::builtins::PyModule>()
                            .is_some()
                        {
                            return Err(Ok(format!("`{name}()` stays interpreted")));
                        }
                        return not_inlinable();
                    };
                    Some((receiver.to_owned(), Callee::Object(obj), function))
                }
                None => None,
            };
            let function = match &method {
                Some((_, _, function)) => function.clone(),
                None => match lookup(globals, vars, name, vm).map_err(Err)? {
                    Some(function) => function,
                    None => return not_inlinable(),
                },
            };
            if unpack.is_none()
                && method.is_none()
                && let Some((generator, draw)) = super::draws::drawn_by(&function, vm)
                && let Some(drawn) = super::draws::drawn_expr(draw, args)
            {
                guards.push(Guard::draws(name, globals, generator, draw));
                return Ok(drawn);
            }
            if unpack.is_none()
                && method.is_none()
                && let Some(known) = known_function(&function, args, vm).map_err(Err)?
            {
                guards.push(Guard::value(name, globals, function.clone()));
                return Ok(known);
            }
            let Some(definition) = Definition::of(&function, vm).map_err(Err)? else {
                return not_inlinable();
            };
            let (file, line, fname) = definition.key();
            let f = match super::function(file, line, fname) {
                Some(Ok(f)) => f,
                Some(Err(why)) => return Err(Ok(format!("`{name}()` is not inlined: {why}"))),
                None => return not_inlinable(),
            };
            // A method's first parameter is its object: the call's arguments are the rest.
            let first = method.is_some() as usize;
            if f.params.len() != args.len() + first {
                return not_inlinable();
            }
            let callee = Some(definition.globals.clone());
            let resolve = |n: &str| lookup(&callee, vars, n, vm);
            if let Err(reason) = check_assumptions(&f.assumed, &resolve, vm).map_err(Err)? {
                return Err(Ok(reason));
            }
            guards.push(match &method {
                Some((_, Callee::Object(obj), _)) => Guard::method(name, obj, &function, &f.name),
                Some((_, Callee::Items(list, class), _)) => {
                    Guard::item_method(name, list, class.clone(), &function, &f.name)
                }
                None => Guard::function(name, globals, &function, &f.name),
            });
            if f.procedure && !value_discarded {
                return Err(Ok(format!(
                    "`{name}()` returns None, and only a call whose value is discarded is \
                     inlined; it stays interpreted"
                )));
            }
            // A store into an attribute (`self.x = v`) is inlined only on an object of a
            // list (its column, journaled); an object of the running frame's attributes
            // are variables written back when the nest hands back, with the store made.
            if let Some(stored) = stored_attribute(&f) {
                let on_items = matches!(&method, Some((_, Callee::Items(..), _)));
                if !on_items {
                    return Err(Ok(format!(
                        "`{name}()` is not inlined: it stores `{stored}` (only a method of \
                         the objects of a list the loop runs over may store their attributes)"
                    )));
                }
            }
            // The object's attributes (`self.n`) are the caller's variables for those
            // attributes of the receiver (`p.n`); the object itself is no value.
            let this = method.as_ref().map(|_| f.params[0]);
            let mut mapped = Vec::with_capacity(f.vars.len());
            for (v, d) in f.vars.iter() {
                let attribute = match (&method, this) {
                    (Some((receiver, _, _)), Some(this)) => d
                        .name
                        .strip_prefix(f.vars[this].name.as_str())
                        .and_then(|r| r.strip_prefix('.'))
                        .map(|rest| format!("{receiver}.{rest}")),
                    _ => None,
                };
                let on_items = matches!(&method, Some((_, Callee::Items(..), _)));
                mapped.push(match attribute {
                    Some(path) if on_items => receivers.item_attribute_var(nest_vars, &path),
                    Some(path) => receivers.attribute_var(nest_vars, &path),
                    None => {
                        if Some(v) == this && reads_var(&f, v) {
                            return Err(Ok(format!(
                                "`{name}()` is not inlined: it uses `{}` other than through \
                                 its attributes",
                                d.name
                            )));
                        }
                        nest_vars.push(VarData {
                            name: format!("{}.{}", f.name, d.name),
                            hidden: true,
                        })
                    }
                });
            }
            let map = |v: Var| mapped[v.index()];
            let mut body = f.body.clone();
            // Its calls of its object's methods are calls on the receiver.
            if let Some((receiver, _, _)) = &method {
                let prefix = format!("{}.", f.vars[f.params[0]].name);
                let renamed = rename_calls(&mut body, &prefix, receiver);
                if renamed {
                    receivers.paths.insert(receiver.clone());
                }
            }
            for stmt in &mut body {
                stmt.remap_vars(&map);
                let mut inner = Ok(());
                stmt.each_mut(&mut |s| {
                    let discarded = discarded_call(s, nest_vars);
                    for e in s.exprs_mut() {
                        if inner.is_ok() {
                            inner = inline_in(
                                e,
                                discarded,
                                nest_vars,
                                &callee,
                                vars,
                                depth + 1,
                                guards,
                                receivers,
                                vm,
                            );
                        }
                    }
                });
                inner?;
            }
            // The undo journal of a calling statement holds one record per store it can
            // reach: a body with loops must not store, its inlined calls included.
            if stores_in_loops(&body) {
                return Err(Ok(format!(
                    "`{name}()` is not inlined: a function with loops whose calls store \
                     into arrays"
                )));
            }
            let mut result = match (&unpack, f.tuple.len()) {
                // Its None goes to a discarded variable: any value does.
                (None, 0) if f.procedure => Expr::Int(0),
                (None, 0) => f.result.clone(),
                (None, n) => {
                    return Err(Ok(format!(
                        "`{name}()` returns a tuple of {n}, which only `a, b, ... = {name}(...)` unpacks"
                    )));
                }
                (Some(unpack), n) if unpack.len() == n => {
                    // The body ends assigning the tuple's elements to the caller's
                    // hidden variables; its value is the first. A body that returns
                    // from inside its loops (which ends the inlined body) runs as an
                    // inlined body of its own first, so that the assignment follows.
                    let last = body.last().expect("a function that returns has a body");
                    let (point, line) = (last.point, last.line);
                    let mut returns = false;
                    for s in &body {
                        s.each(&mut |s| {
                            returns |= matches!(s.kind, kiln_jit::ir::StmtKind::Return(_))
                        });
                    }
                    if returns {
                        let ran = nest_vars.push(VarData {
                            name: format!("{}.#ran", f.name),
                            hidden: true,
                        });
                        let inner = Expr::Inline(Box::new(Inlined {
                            params: Vec::new(),
                            body: std::mem::take(&mut body),
                            result: Expr::Bool(true),
                        }));
                        body.push(kiln_jit::ir::Stmt {
                            point,
                            line,
                            kind: kiln_jit::ir::StmtKind::Assign {
                                targets: vec![ran],
                                values: vec![inner],
                            },
                        });
                    }
                    body.push(kiln_jit::ir::Stmt {
                        point,
                        line,
                        kind: kiln_jit::ir::StmtKind::Assign {
                            targets: unpack.clone(),
                            values: f.tuple.iter().map(|v| Expr::Var(map(*v))).collect(),
                        },
                    });
                    Expr::Var(unpack[0])
                }
                (Some(unpack), _) => {
                    return Err(Ok(format!(
                        "`{name}()` does not return a tuple of {} values",
                        unpack.len()
                    )));
                }
            };
            if unpack.is_none() {
                result.remap_vars(&map);
            }
            for (var, constant) in module_constants(&f, &callee, vars, guards, vm).map_err(Err)? {
                let var = map(var);
                let mut put = |e: &mut Expr| {
                    if matches!(e, Expr::Var(v) if *v == var) {
                        *e = constant.clone();
                    }
                };
                for stmt in &mut body {
                    stmt.each_mut(&mut |s| s.exprs_mut().into_iter().for_each(|e| e.walk_mut(&mut put)));
                }
                result.walk_mut(&mut put);
            }
            if let Some((receiver, _, _)) = &method {
                let prefix = format!("{}.", f.vars[f.params[0]].name);
                if rename_in(&mut result, &prefix, receiver) {
                    receivers.paths.insert(receiver.clone());
                }
            }
            inline_in(
                &mut result,
                None,
                nest_vars,
                &callee,
                vars,
                depth + 1,
                guards,
                receivers,
                vm,
            )?;
            let params = f.params[first..]
                .iter()
                .map(|p| map(*p))
                .zip(std::mem::take(args))
                .collect();
            Ok(Expr::Inline(Box::new(Inlined {
                params,
                body,
                result,
            })))
        })();
        match result {
            Ok(inlined) => *e = inlined,
            Err(f) => failure = Some(f),
        }
    });
    match failure {
        Some(f) => Err(f),
        None => Ok(()),
    }
}

/// The variables made for the attributes of objects whose methods a specialisation
/// inlined or spliced (`p.n` for `self.n` in `p.energy()`): the caller's own variable
/// of that name where it has one, else a new one the entry reads from the frame.
#[derive(Default)]
pub(super) struct Receivers {
    /// How many of the nest's variables are its own (the frame has them).
    pub own: usize,
    /// The variables made, read on entry.
    pub extra: Vec<kiln_jit::ir::Var>,
    /// The paths of the objects in the running frame whose methods were inlined or
    /// spliced: a call on one inside a body (`self.g(x)` renamed `p.g(x)`) resolves
    /// there.
    pub paths: std::collections::HashSet<String>,
    /// The names the nest binds only to the objects of a list, each with the list's
    /// name: their methods are looked up on the class of the list's items.
    pub items: std::collections::HashMap<String, String>,
}

impl Receivers {
    pub(super) fn attribute_var(
        &mut self,
        vars: &mut kiln_jit::ir::PrimaryMap<kiln_jit::ir::Var, kiln_jit::ir::VarData>,
        path: &str,
    ) -> kiln_jit::ir::Var {
        use kiln_jit::ir::{EntityRef, Var, VarData};
        let own = (0..self.own).map(Var::new);
        if let Some(v) = own
            .chain(self.extra.iter().copied())
            .find(|v| !vars[*v].hidden && vars[*v].name == path)
        {
            return v;
        }
        let v = vars.push(VarData {
            name: path.to_owned(),
            hidden: false,
        });
        self.extra.push(v);
        v
    }

    /// The variable for an attribute of an object of a list (`p.x` for `self.x` in
    /// `p.move(dt)`): the nest's own of that name where it has one, else a new one,
    /// which `kiln_jit::objects` makes a column like the nest's own (never read from
    /// the frame).
    pub(super) fn item_attribute_var(
        &mut self,
        vars: &mut kiln_jit::ir::PrimaryMap<kiln_jit::ir::Var, kiln_jit::ir::VarData>,
        path: &str,
    ) -> kiln_jit::ir::Var {
        if let Some((v, _)) = vars.iter().find(|(_, d)| !d.hidden && d.name == path) {
            return v;
        }
        vars.push(kiln_jit::ir::VarData {
            name: path.to_owned(),
            hidden: false,
        })
    }
}

/// What a method is called on: an object of the running frame, or the objects of a
/// list (its name, and their class).
enum Callee {
    Object(PyObjectRef),
    Items(String, PyObjectRef),
}

/// The call whose value a statement discards (`p.move(dt)` on a line of its own: the
/// lowering assigns it to a hidden variable of its own, which an inlined body's copy
/// prefixes with the function's name).
pub(super) fn discarded_call(
    stmt: &kiln_jit::ir::Stmt,
    vars: &kiln_jit::ir::PrimaryMap<kiln_jit::ir::Var, kiln_jit::ir::VarData>,
) -> Option<*const kiln_jit::ir::Expr> {
    match &stmt.kind {
        kiln_jit::ir::StmtKind::Assign { targets, values }
            if targets.len() == 1
                && vars[targets[0]].name.contains(super::lower::DISCARDED)
                && matches!(values[..], [kiln_jit::ir::Expr::CallUser(..)]) =>
        {
            Some(&values[0] as *const kiln_jit::ir::Expr)
        }
        _ => None,
    }
}

/// The first attribute an inlinable function stores (`self.x = v`), if it stores one.
fn stored_attribute(f: &kiln_jit::ir::Function) -> Option<String> {
    let mut stored = None;
    for stmt in &f.body {
        stmt.each(&mut |s| {
            if let kiln_jit::ir::StmtKind::Assign { targets, .. } = &s.kind
                && let Some(t) = targets.iter().find(|t| f.vars[**t].name.contains('.'))
            {
                stored.get_or_insert_with(|| f.vars[*t].name.clone());
            }
        });
    }
    stored
}

/// Renames the calls `PREFIX.m(...)` of `body` to `RECEIVER.m(...)`; whether any was.
pub(super) fn rename_calls(body: &mut [kiln_jit::ir::Stmt], prefix: &str, receiver: &str) -> bool {
    let mut any = false;
    for stmt in body {
        stmt.each_mut(&mut |s| {
            for e in s.exprs_mut() {
                any |= rename_in(e, prefix, receiver);
            }
        });
    }
    any
}

fn rename_in(e: &mut kiln_jit::ir::Expr, prefix: &str, receiver: &str) -> bool {
    let mut any = false;
    e.walk_mut(&mut |e| {
        if let kiln_jit::ir::Expr::CallUser(n, _) = e
            && let Some(method) = n.strip_prefix(prefix)
        {
            *n = format!("{receiver}.{method}");
            any = true;
        }
    });
    any
}

/// Whether an inlinable function's body or result reads `var` itself.
fn reads_var(f: &kiln_jit::ir::Function, var: kiln_jit::ir::Var) -> bool {
    use kiln_jit::ir::Expr;
    let mut read = false;
    let mut look = |e: &Expr| read |= matches!(e, Expr::Var(v) if *v == var);
    for stmt in &f.body {
        stmt.each(&mut |s| s.exprs().into_iter().for_each(|e| e.walk(&mut look)));
    }
    f.result.walk(&mut look);
    read
}

/// Whether an inlined body stores into an array inside a loop, itself or in the bodies
/// inlined into it (a store outside loops runs once a call).
fn stores_in_loops(body: &[kiln_jit::ir::Stmt]) -> bool {
    use kiln_jit::ir::{Expr, Stmt, StmtKind};
    fn visit(body: &[Stmt], in_loop: bool) -> bool {
        body.iter().any(|s| {
            let mut inlined = false;
            for e in s.exprs() {
                e.walk(&mut |e| {
                    if let Expr::Inline(inl) = e {
                        inlined |= visit(&inl.body, in_loop);
                    }
                });
            }
            inlined
                || match &s.kind {
                    StmtKind::Store { .. } => in_loop,
                    StmtKind::If { then, orelse, .. } => {
                        visit(then, in_loop) || visit(orelse, in_loop)
                    }
                    StmtKind::For { body, .. } | StmtKind::While { body, .. } => visit(body, true),
                    _ => false,
                }
        })
    }
    visit(body, false)
}
