//! Guards: what a specialisation that inlined or spliced calls relies on, checked on
//! every entry before its code runs. A function, a module's constant or a numpy or
//! `math` function called as an intrinsic: the name must still hold that object. A
//! method: the object the path names must still be of that class, which gives that
//! function (for a method of a list's objects, every item of the list). A draw: the
//! name must still reach a generator's own method that draws that way. And the names
//! a nest takes for modules and builtins must be those.

use super::attributes::method_of;
use super::tier::FrameVars;
use kiln_jit::ir::Assumed;
use rustpython_vm::builtins::PyDictRef;
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

/// Checks the names a nest (or an inlined function) takes for modules and builtins
/// are those; `resolve` looks a name up where the code runs.
pub(super) fn check_assumptions(
    assumed: &[kiln_jit::ir::Assumption],
    resolve: &dyn Fn(&str) -> PyResult<Option<PyObjectRef>>,
    vm: &VirtualMachine,
) -> PyResult<Result<(), String>> {
    for a in assumed {
        let found = resolve(&a.name)?;
        let expected = match &a.is {
            Assumed::Module(m) => vm.import(&vm.ctx.new_str(m.as_str()), 0).ok(),
            Assumed::Function { module, function } => vm
                .import(&vm.ctx.new_str(module.as_str()), 0)
                .ok()
                .and_then(|m| m.get_attr(&vm.ctx.new_str(function.as_str()), vm).ok()),
            Assumed::Builtin(b) => vm.builtins.get_attr(&vm.ctx.new_str(b.as_str()), vm).ok(),
        };
        let same = match (&found, &expected) {
            (Some(f), Some(e)) => f.is(e),
            _ => false,
        };
        if !same {
            return Ok(Err(format!(
                "`{}` is not what the loop takes it for",
                a.name
            )));
        }
    }
    Ok(Ok(()))
}

/// A user function a specialisation inlined: the name it was called by, where the
/// name is looked up (a function's globals, or the running frame), and the function.
#[derive(Clone)]
pub struct Guard {
    name: String,
    globals: Option<PyDictRef>,
    function: PyObjectRef,
    /// The inlined function's own name (`__name__`), for the jit report; `None` for
    /// a numpy or `math` function called as an intrinsic.
    pub inlined: Option<String>,
    /// For a method (`name` is `acc.push`): the class of the object the path names in
    /// the running frame, which must still be its class and give that function.
    class: Option<PyObjectRef>,
    /// For a method of the items of a list (`p.move` of `for p in ps`): the list's
    /// name, whose every item must be of `class` and get that function from it.
    items: Option<String>,
    /// A draw (`super::draws`): the name must still reach a generator's method that
    /// draws this way (`function` is the generator it reached when the nest compiled).
    draws: Option<super::draws::Draw>,
}

impl Guard {
    /// The function `name` calls, whose body `inlined` is compiled in.
    pub(super) fn function(
        name: &str,
        globals: &Option<PyDictRef>,
        function: &PyObjectRef,
        inlined: &str,
    ) -> Guard {
        Guard {
            name: name.to_owned(),
            globals: globals.clone(),
            function: function.clone(),
            inlined: Some(inlined.to_owned()),
            class: None,
            items: None,
            draws: None,
        }
    }

    /// The method `function` of `obj`, the object the path before the last dot of
    /// `name` (`acc` in `acc.push`) names in the running frame.
    pub(super) fn method(
        name: &str,
        obj: &PyObjectRef,
        function: &PyObjectRef,
        inlined: &str,
    ) -> Guard {
        Guard {
            class: Some(obj.class().to_owned().into()),
            ..Guard::function(name, &None, function, inlined)
        }
    }

    /// The method `function` of `class`, the class of every item of the list named
    /// `list` (`name` is `p.move` for `for p in ps`).
    pub(super) fn item_method(
        name: &str,
        list: &str,
        class: PyObjectRef,
        function: &PyObjectRef,
        inlined: &str,
    ) -> Guard {
        Guard {
            class: Some(class),
            items: Some(list.to_owned()),
            ..Guard::function(name, &None, function, inlined)
        }
    }

    /// A draw from `generator`, the generator whose own `random` `name` reaches.
    pub(super) fn draws(
        name: &str,
        globals: &Option<PyDictRef>,
        generator: PyObjectRef,
        draw: super::draws::Draw,
    ) -> Guard {
        super::draws::provide();
        Guard {
            name: name.to_owned(),
            globals: globals.clone(),
            function: generator,
            inlined: None,
            class: None,
            items: None,
            draws: Some(draw),
        }
    }

    /// Whether it is a draw's (`super::draws`).
    pub(super) fn is_draw(&self) -> bool {
        self.draws.is_some()
    }

    /// The name (or attribute path) it guards.
    pub(super) fn name(&self) -> &str {
        &self.name
    }

    /// A name taken for the value it holds ([`Guard::value`]: a module's constant, a
    /// numpy or `math` function called as an intrinsic).
    pub(super) fn is_value(&self) -> bool {
        self.inlined.is_none() && self.class.is_none() && self.draws.is_none()
    }

    /// The generator a draw's name reaches in the running frame now, if it still
    /// reaches a generator's own `random` (which generator may change from call to
    /// call: `walk(random.Random(seed))`).
    fn drawn(&self, vars: &FrameVars, vm: &VirtualMachine) -> PyResult<Option<PyObjectRef>> {
        let drawn = match self.name.rsplit_once('.') {
            Some((receiver, method)) => vars
                .object(receiver, vm)?
                .and_then(|obj| super::draws::receiver_draws(&obj, method, vm)),
            None => lookup(&self.globals, vars, &self.name, vm)?
                .and_then(|f| super::draws::drawn_by(&f, vm)),
        };
        Ok(drawn
            .filter(|(_, d)| Some(*d) == self.draws)
            .map(|(g, _)| g))
    }

    /// The object a name holds, which compiled code relies on.
    pub(super) fn value(name: &str, globals: &Option<PyDictRef>, value: PyObjectRef) -> Guard {
        Guard {
            name: name.to_owned(),
            globals: globals.clone(),
            function: value,
            inlined: None,
            class: None,
            items: None,
            draws: None,
        }
    }
}

pub(super) fn lookup(
    globals: &Option<PyDictRef>,
    vars: &FrameVars,
    name: &str,
    vm: &VirtualMachine,
) -> PyResult<Option<PyObjectRef>> {
    match globals {
        None => vars.get_name(name, vm),
        Some(g) => {
            if let Some(v) = g.get_item_opt(name, vm)? {
                return Ok(Some(v));
            }
            Ok(vm.builtins.get_attr(&vm.ctx.new_str(name), vm).ok())
        }
    }
}

pub(super) fn guards_hold(
    guards: &[Guard],
    vars: &FrameVars,
    vm: &VirtualMachine,
) -> PyResult<bool> {
    for g in guards {
        if g.draws.is_some() {
            if g.drawn(vars, vm)?.is_none() {
                return Ok(false);
            }
            continue;
        }
        if let (Some(class), Some(list)) = (&g.class, &g.items) {
            let (_, method) = g.name.rsplit_once('.').unwrap_or_default();
            let held = match vars.object(list, vm)? {
                Some(list) => items_method(&list, method, vm)?.ok(),
                None => None,
            };
            if !held.is_some_and(|(c, f)| c.is(class) && f.is(&g.function)) {
                return Ok(false);
            }
            continue;
        }
        if let Some(class) = &g.class {
            let (receiver, method) = g.name.rsplit_once('.').unwrap_or_default();
            let held = match vars.object(receiver, vm)? {
                Some(obj) if obj.class().is(class) => method_of(&obj, method, vm)?,
                _ => None,
            };
            if !held.is_some_and(|f| f.is(&g.function)) {
                return Ok(false);
            }
            continue;
        }
        match lookup(&g.globals, vars, &g.name, vm)? {
            Some(f) if f.is(&g.function) => {}
            _ => return Ok(false),
        }
    }
    Ok(true)
}

/// The class of every item of `list` and the method `method` they all get from it
/// (as [`method_of`] finds one: a plain function of the class, no item's own
/// attribute of that name), or why there is none.
pub(super) fn items_method(
    list: &PyObjectRef,
    method: &str,
    vm: &VirtualMachine,
) -> PyResult<Result<(PyObjectRef, PyObjectRef), String>> {
    let Some(list) = list.downcast_ref::<rustpython_vm::builtins::PyList>() else {
        return Ok(Err("it is no list".into()));
    };
    let items = list.borrow_vec().to_vec();
    let Some(first) = items.first() else {
        return Ok(Err("it is empty".into()));
    };
    let class = first.class();
    if items.iter().any(|item| !item.class().is(class)) {
        return Ok(Err("it holds objects of more than one class".into()));
    }
    let Some(function) = method_of(first, method, vm)? else {
        return Ok(Err(format!(
            "its objects' `{method}` is no plain function of their class"
        )));
    };
    for item in &items[1..] {
        if let Some(dict) = item.dict()
            && dict.get_item_opt(method, vm)?.is_some()
        {
            return Ok(Err(format!(
                "one of its objects has a `{method}` of its own"
            )));
        }
    }
    Ok(Ok((class.to_owned().into(), function)))
}

/// The generator a nest's draws come from now (`super::draws`), if it draws; an
/// error where they would come from two.
pub(super) fn generator_of(
    guards: &[Guard],
    vars: &FrameVars,
    vm: &VirtualMachine,
) -> PyResult<Result<Option<PyObjectRef>, String>> {
    let mut found: Option<PyObjectRef> = None;
    for g in guards.iter().filter(|g| g.draws.is_some()) {
        let drawn = g.drawn(vars, vm)?;
        match (&found, drawn) {
            (_, None) => return Ok(Err("a draw's generator is gone".into())),
            (Some(f), Some(d)) if !f.is(&d) => {
                return Ok(Err(
                    "the loop draws from two random generators; it stays interpreted".into(),
                ));
            }
            (_, Some(d)) => found = Some(d),
        }
    }
    Ok(Ok(found))
}
