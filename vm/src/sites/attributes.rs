//! Attributes in compiled code: which reads are plain ([`plain_attribute`]: `self.n`
//! read once on entry), the attributes a nest stores (`self.n += 1`, `p.x = x`), and
//! what makes holding them in variables valid.
//!
//! A stored attribute is a variable of the nest's like any other: read on entry,
//! assigned in compiled code, and written back (`self.n = ...`, by the rewritten loop's
//! write-back) when the nest ends or hands a statement back. Nothing else can look at
//! the attribute meanwhile (compiled code calls no user code), so that is exact when two
//! things hold, checked on every entry:
//!
//! - storing it runs no code of the user's: the object's class keeps `object`'s (or
//!   the module type's) `__setattr__` and `__delattr__`, the attribute is no property
//!   or slot, and the object has a `__dict__`, so one store at the end does what the
//!   interpreter's many would have; reading it was checked plain already
//!   ([`plain_attribute`]: no property, no `__getattribute__`);
//! - no two paths name one attribute: `a.x` stored and `b.x` read or stored with
//!   `a is b` would be two variables for one value, so the owners of every such pair
//!   must be distinct objects.
//!
//! The methods spliced or inlined into a nest (`acc.push(x)`, `p.energy()`) add
//! attributes the nest does not name (`acc.n` for the method's `self.n`): a
//! specialisation reads those on entry as well, takes their types as a further key,
//! checks them with the nest's own, and stores back those a method assigns after each
//! run ([`ReceiverAttributes`]). [`method_of`] says which function a call on an object
//! runs.

use super::tier::{Entry, FrameVars};
use kiln_jit::ir::{Nest, Var};
use kiln_jit::types::Ty;
use kiln_stdlib::numpy::python::ndarray::PyNdArray;
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

/// What a variable's name gives on entry.
pub(super) enum Lookup {
    Found(PyObjectRef),
    /// An attribute whose read could run code (a property, a class with its own
    /// `__getattribute__`), or that is missing: compiled code must not read it once
    /// for the whole run.
    NotPlain(String),
}

/// `obj.name` when reading it runs no user code and gives the same object every time
/// while nothing assigns it: a module's global, an instance's `__dict__` entry not
/// shadowed by a data descriptor, a class variable that is no descriptor, and the
/// ndarray attributes compiled code uses (`size`, `ndim`, `T`).
pub(super) fn plain_attribute(
    obj: &PyObjectRef,
    name: &str,
    vm: &VirtualMachine,
) -> PyResult<Lookup> {
    let not_plain = |why: &str| Ok(Lookup::NotPlain(why.to_owned()));
    if let Some(module) = obj.downcast_ref::<rustpython_vm::builtins::PyModule>() {
        return match module.dict().get_item_opt(name, vm)? {
            Some(v) => Ok(Lookup::Found(v)),
            None => not_plain("missing from its module"),
        };
    }
    if obj.downcast_ref::<PyNdArray>().is_some() {
        return match name {
            "size" | "ndim" | "T" => Ok(Lookup::Found(obj.get_attr(&vm.ctx.new_str(name), vm)?)),
            _ => not_plain("an array attribute compiled code does not read"),
        };
    }
    if let Some(why) = not_plain_read(obj, name, vm) {
        return not_plain(&why);
    }
    let on_class = obj.class().get_attr(vm.ctx.intern_str(name));
    let descriptor = on_class
        .as_ref()
        .map(|d| d.class().slots.descr_get.load().is_some());
    if let Some(dict) = obj.dict()
        && let Some(v) = dict.get_item_opt(name, vm)?
    {
        return Ok(Lookup::Found(v));
    }
    match (on_class, descriptor) {
        (Some(v), Some(false)) => Ok(Lookup::Found(v)),
        (Some(_), _) => not_plain("a method or another descriptor"),
        (None, _) => not_plain("not set"),
    }
}

/// Why reading `obj.name` may run code of the user's, if it may: the class reads
/// attributes through a hook of its own, or the name is a property or another data
/// descriptor on the class (which the instance's `__dict__` does not shadow).
pub(super) fn not_plain_read(obj: &PyObjectRef, name: &str, vm: &VirtualMachine) -> Option<String> {
    let class = obj.class();
    let object = vm.ctx.types.object_type;
    for hook in ["__getattribute__", "__getattr__"] {
        if let Some(h) = class.get_attr(vm.ctx.intern_str(hook))
            && !object
                .get_attr(vm.ctx.intern_str(hook))
                .is_some_and(|o| o.is(&h))
        {
            return Some(format!("read through its class's `{hook}`"));
        }
    }
    let on_class = class.get_attr(vm.ctx.intern_str(name));
    if on_class.is_some_and(|d| d.class().slots.descr_set.load().is_some()) {
        return Some("a property or another data descriptor".into());
    }
    None
}

/// What an entry checks of the attributes a nest stores.
#[derive(Debug, Default, Clone)]
pub struct StoredAttributes {
    /// The attribute paths the nest assigns (`self.n`).
    stored: Vec<String>,
    /// Attribute paths with the same attribute name and different owner paths, at
    /// least one of them stored: their owners must differ.
    pairs: Vec<(String, String)>,
}

impl StoredAttributes {
    /// The checks for a nest's own attributes (its dotted variables).
    pub fn of(nest: &Nest) -> StoredAttributes {
        // The attributes of objects in a list are checked where their columns are
        // made (`super::objects`).
        let columns = kiln_jit::objects::item_attributes(nest);
        let assigned = kiln_jit::objects::written_back(nest, &columns);
        let attributes: Vec<(&str, bool)> = own_attributes(nest, &assigned).collect();
        StoredAttributes::of_paths(&attributes)
    }

    /// The checks for attribute paths, each with whether the nest stores it.
    pub fn of_paths(attributes: &[(&str, bool)]) -> StoredAttributes {
        let stored: Vec<String> = attributes
            .iter()
            .filter(|(_, s)| *s)
            .map(|(p, _)| p.to_string())
            .collect();
        let mut pairs = Vec::new();
        for (k, &(path, is_stored)) in attributes.iter().enumerate() {
            let (owner, attribute) = split(path);
            for (j, &(other, other_stored)) in attributes.iter().enumerate() {
                let (other_owner, other_attribute) = split(other);
                // Each pair once: from its first stored member.
                let first = is_stored && (!other_stored || k < j);
                if j != k && first && other_attribute == attribute && other_owner != owner {
                    pairs.push((path.to_string(), other.to_string()));
                }
            }
        }
        StoredAttributes { stored, pairs }
    }

    pub fn is_empty(&self) -> bool {
        self.stored.is_empty()
    }

    /// `Ok(Err(reason))` where compiled code must not hold the stored attributes in
    /// variables on this entry.
    pub(super) fn check(
        &self,
        vars: &FrameVars,
        vm: &VirtualMachine,
    ) -> PyResult<Result<(), String>> {
        let owner = |path: &str| vars.object(split(path).0, vm);
        for path in &self.stored {
            let Some(obj) = owner(path)? else {
                // Unbound or not plain: the entry's key says why already.
                continue;
            };
            if let Some(why) = not_plain_store(&obj, split(path).1, vm) {
                return Ok(Err(format!("`{path}` {why}")));
            }
        }
        for (a, b) in &self.pairs {
            if let (Some(x), Some(y)) = (owner(a)?, owner(b)?)
                && x.is(&y)
            {
                return Ok(Err(format!(
                    "`{a}` and `{b}` are one attribute of one object"
                )));
            }
        }
        Ok(Ok(()))
    }
}

/// The nest's own attribute variables' paths (its dotted names), each with whether
/// `assigned` holds it.
fn own_attributes<'n>(
    nest: &'n Nest,
    assigned: &'n [Var],
) -> impl Iterator<Item = (&'n str, bool)> + 'n {
    let columns = kiln_jit::objects::item_attributes(nest);
    nest.vars
        .iter()
        .filter(move |(v, d)| d.name.contains('.') && !columns.iter().any(|c| c.var == *v))
        .map(|(v, d)| (d.name.as_str(), assigned.contains(&v)))
}

/// `("self.grid", "u")` for `self.grid.u`.
fn split(path: &str) -> (&str, &str) {
    path.rsplit_once('.').expect("a dotted name")
}

/// Why storing `obj.attribute` is not a plain store into the object's `__dict__`
/// (a module's globals, an instance's dict), if it is not: the class stores or
/// deletes through a hook of its own, the attribute is a property or a slot (a data
/// descriptor), or the object has no dict to store into (the store raises).
pub(super) fn not_plain_store(
    obj: &PyObjectRef,
    attribute: &str,
    vm: &VirtualMachine,
) -> Option<String> {
    let class = obj.class();
    let module = obj
        .downcast_ref::<rustpython_vm::builtins::PyModule>()
        .is_some();
    let plain = if module {
        vm.ctx.types.module_type
    } else {
        vm.ctx.types.object_type
    };
    for hook in ["__setattr__", "__delattr__"] {
        let name = vm.ctx.intern_str(hook);
        let same = match (class.get_attr(name), plain.get_attr(name)) {
            (Some(h), Some(p)) => h.is(&p),
            _ => false,
        };
        if !same {
            return Some(format!("is stored through its class's `{hook}`"));
        }
    }
    // A property defines `__set__` as a method, a slot's descriptor as a slot.
    if let Some(d) = class.get_attr(vm.ctx.intern_str(attribute))
        && (d.class().slots.descr_set.load().is_some()
            || ["__set__", "__delete__"]
                .iter()
                .any(|m| d.class().get_attr(vm.ctx.intern_str(*m)).is_some()))
    {
        return Some("is stored through a property, a slot or another data descriptor".into());
    }
    if !module && obj.dict().is_none() {
        return Some("is stored into an object without a `__dict__`".into());
    }
    None
}

/// The function `obj.name(...)` calls as a method, when that is a plain function of
/// the user's found on the object's class: not a static or class method, not shadowed
/// by the instance's own dict, not looked up through a `__getattribute__` of the
/// class's own. `None` for anything else (a module's function, a builtin's method).
pub(super) fn method_of(
    obj: &PyObjectRef,
    name: &str,
    vm: &VirtualMachine,
) -> PyResult<Option<PyObjectRef>> {
    use rustpython_vm::builtins::{PyFunction, PyModule, PyType};
    if obj.downcast_ref::<PyModule>().is_some() || obj.downcast_ref::<PyType>().is_some() {
        return Ok(None);
    }
    let class = obj.class();
    let hook = vm.ctx.intern_str("__getattribute__");
    let plain_lookup = match (
        class.get_attr(hook),
        vm.ctx.types.object_type.get_attr(hook),
    ) {
        (Some(h), Some(o)) => h.is(&o),
        _ => false,
    };
    if !plain_lookup {
        return Ok(None);
    }
    let Some(function) = class.get_attr(vm.ctx.intern_str(name)) else {
        return Ok(None);
    };
    if function.downcast_ref::<PyFunction>().is_none() {
        return Ok(None);
    }
    if let Some(dict) = obj.dict()
        && dict.get_item_opt(name, vm)?.is_some()
    {
        return Ok(None);
    }
    Ok(Some(function))
}

/// The attributes of the objects whose methods a specialisation spliced (`acc.n` for
/// `self.n` in `acc.push(x)`): variables the nest did not name, so no part of the
/// site's key, read from the frame on each entry (their types are a further key), and
/// stored back after each run, where the write-back of the nest's own variables
/// cannot (the rewritten loop knows only those).
#[derive(Debug, Default)]
pub struct ReceiverAttributes {
    /// Each variable, its path, and the type it was compiled for.
    vars: Vec<(Var, String, Ty)>,
    /// The attributes spliced methods assign that the site's own write-back does not
    /// store (these variables, and those of the nest's own that only a method
    /// assigns), with their paths.
    stored: Vec<(Var, String)>,
    /// The checks for the nest's own attributes and these together.
    checks: StoredAttributes,
}

/// A received attribute's variable, the object it held on entry, and its entry.
pub(super) type Received = (Var, Option<PyObjectRef>, Entry);

impl ReceiverAttributes {
    /// The attributes `extra` of `expanded` (the site's `nest` with its calls
    /// spliced), as the frame has them now, for a new specialisation; `Ok(Err(..))`
    /// where they cannot be held in variables.
    pub(super) fn new(
        expanded: &Nest,
        nest: &Nest,
        extra: &[Var],
        own: &[Entry],
        frame: &FrameVars,
        vm: &VirtualMachine,
    ) -> PyResult<Result<(ReceiverAttributes, Vec<Received>), String>> {
        let assigned = expanded.assigned();
        let own_assigned = nest.assigned();
        // An attribute of a list's objects (`p.x`, stored by an inlined `p.move(dt)`) is
        // a column, stored in the objects themselves.
        let columns = kiln_jit::objects::item_attributes(expanded);
        let stored: Vec<(Var, String)> = nest
            .vars
            .keys()
            .filter(|v| nest.vars[*v].name.contains('.') && !own_assigned.contains(v))
            .filter(|v| !columns.iter().any(|c| c.var == *v))
            .chain(extra.iter().copied())
            .filter(|v| assigned.contains(v))
            .map(|v| (v, expanded.vars[v].name.clone()))
            .collect();
        if extra.is_empty() && stored.is_empty() {
            return Ok(Ok((ReceiverAttributes::default(), Vec::new())));
        }
        let own_paths = own_attributes(nest, &assigned);
        let extra_paths = extra
            .iter()
            .map(|v| (expanded.vars[*v].name.as_str(), assigned.contains(v)));
        let paths: Vec<(&str, bool)> = own_paths.chain(extra_paths).collect();
        let mut receivers = ReceiverAttributes {
            vars: Vec::new(),
            stored,
            checks: StoredAttributes::of_paths(&paths),
        };
        let mut read = Vec::new();
        for &v in extra {
            let path = expanded.vars[v].name.clone();
            let (obj, entry) = receive(&path, frame, vm)?;
            if let Some(why) = shares_buffer(&entry, own) {
                return Ok(Err(format!("`{path}` {why}")));
            }
            receivers.vars.push((v, path, entry.ty()));
            read.push((v, obj, entry));
        }
        if let Err(reason) = receivers.checks.check(frame, vm)? {
            return Ok(Err(reason));
        }
        Ok(Ok((receivers, read)))
    }

    /// `acc.n: int`, for each variable, for the jit report.
    pub fn describe(&self) -> Vec<String> {
        self.vars
            .iter()
            .map(|(_, path, ty)| format!("{path}: {}", ty.describe()))
            .collect()
    }

    /// The key's types for the variables.
    pub(super) fn complete_key(&self, key: &mut [Ty]) {
        for (v, _, ty) in &self.vars {
            key[v.as_u32() as usize] = ty.clone();
        }
    }

    /// The variables' entries as the frame has them now, or `None` where the
    /// specialisation does not fit them (another type, a shared buffer, a check).
    pub(super) fn read(
        &self,
        own: &[Entry],
        frame: &FrameVars,
        vm: &VirtualMachine,
    ) -> PyResult<Option<Vec<Received>>> {
        if self.vars.is_empty() && self.stored.is_empty() {
            return Ok(Some(Vec::new()));
        }
        let mut read = Vec::with_capacity(self.vars.len());
        for (v, path, ty) in &self.vars {
            let (obj, entry) = receive(path, frame, vm)?;
            if entry.ty() != *ty || shares_buffer(&entry, own).is_some() {
                return Ok(None);
            }
            read.push((*v, obj, entry));
        }
        if self.checks.check(frame, vm)?.is_err() {
            return Ok(None);
        }
        Ok(Some(read))
    }

    /// Stores the values the nest gave the attributes it assigns (`boxed` boxes a
    /// variable as the write-back does) into their objects.
    pub(super) fn write_back(
        &self,
        boxed: &dyn Fn(Var) -> PyResult<Option<PyObjectRef>>,
        frame: &FrameVars,
        vm: &VirtualMachine,
    ) -> PyResult<()> {
        for (v, path) in &self.stored {
            let (owner, attribute) = split(path);
            if let (Some(value), Some(obj)) = (boxed(*v)?, frame.object(owner, vm)?) {
                obj.set_attr(vm.ctx.intern_str(attribute), value, vm)?;
            }
        }
        Ok(())
    }
}

/// The object an attribute path gives in the frame and its entry (an array's buffer
/// taken as shared: no variable of the nest's may assume it its own).
fn receive(
    path: &str,
    frame: &FrameVars,
    vm: &VirtualMachine,
) -> PyResult<(Option<PyObjectRef>, Entry)> {
    Ok(match frame.lookup(path, vm)? {
        Ok(obj) => {
            let mut entry = super::tier::classify(vm, &obj)?;
            if let Entry::Array(ty, _, _) = &mut entry {
                ty.own_buffer = false;
            }
            (Some(obj), entry)
        }
        Err(why) => (None, Entry::Other(why)),
    })
}

/// Why an array attribute cannot be read alongside the nest's own variables: it is
/// the buffer of one of them (which may have been compiled as the only user of it).
fn shares_buffer(entry: &Entry, own: &[Entry]) -> Option<&'static str> {
    let Entry::Array(_, _, buffer) = entry else {
        return None;
    };
    own.iter()
        .any(|e| matches!(e, Entry::Array(_, _, b) if b == buffer))
        .then_some("shares its buffer with an array the loop names")
}
