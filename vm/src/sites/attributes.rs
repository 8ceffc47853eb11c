//! The attributes a nest stores (`self.n += 1`, `p.x = x`), and what makes holding them
//! in variables valid.
//!
//! A stored attribute is a variable of the nest's like any other: read on entry,
//! assigned in compiled code, and written back (`self.n = ...`, by the rewritten loop's
//! write-back) when the nest ends or hands a statement back. Nothing else can look at
//! the attribute meanwhile (compiled code calls no user code), so that is exact when two
//! things hold, checked on every entry:
//!
//! - storing it runs no code of the user's: the object's class keeps `object`'s (or
//!   the module type's) `__setattr__` and `__delattr__`, so one store at the end does
//!   what the interpreter's many would have; reading it was checked plain already
//!   (`tier::plain_attribute`: no property, no `__getattribute__`);
//! - no two paths name one attribute: `a.x` stored and `b.x` read or stored with
//!   `a is b` would be two variables for one value, so the owners of every such pair
//!   must be distinct objects.

use super::tier::FrameVars;
use kiln_jit::ir::{Nest, Var};
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

/// What a site's entry checks of the attributes its nest stores.
#[derive(Debug, Default)]
pub struct StoredAttributes {
    /// The dotted variables the nest assigns.
    stored: Vec<Var>,
    /// Dotted variables with the same attribute name and different owner paths, at
    /// least one of them stored: their owners must differ.
    pairs: Vec<(Var, Var)>,
}

impl StoredAttributes {
    pub fn of(nest: &Nest) -> StoredAttributes {
        let assigned = nest.assigned();
        let stored: Vec<Var> = assigned
            .iter()
            .copied()
            .filter(|v| nest.vars[*v].name.contains('.'))
            .collect();
        let mut pairs = Vec::new();
        for &s in &stored {
            let (owner, attribute) = split(&nest.vars[s].name);
            for (v, data) in nest.vars.iter() {
                if v == s || !data.name.contains('.') {
                    continue;
                }
                let (other_owner, other_attribute) = split(&data.name);
                let counted = stored.contains(&v) && v < s;
                if other_attribute == attribute && other_owner != owner && !counted {
                    pairs.push((s, v));
                }
            }
        }
        StoredAttributes { stored, pairs }
    }

    /// `Ok(Err(reason))` where compiled code must not hold the stored attributes in
    /// variables on this entry.
    pub(super) fn check(
        &self,
        nest: &Nest,
        vars: &FrameVars,
        vm: &VirtualMachine,
    ) -> PyResult<Result<(), String>> {
        let owner = |v: Var| -> PyResult<Option<PyObjectRef>> {
            vars.object(split(&nest.vars[v].name).0, vm)
        };
        for &s in &self.stored {
            let Some(obj) = owner(s)? else {
                // Unbound or not plain: the entry's key says why already.
                continue;
            };
            let (_, attribute) = split(&nest.vars[s].name);
            if let Some(why) = not_plain_store(&obj, attribute, vm) {
                return Ok(Err(format!("`{}` {why}", nest.vars[s].name)));
            }
        }
        for &(a, b) in &self.pairs {
            if let (Some(x), Some(y)) = (owner(a)?, owner(b)?)
                && x.is(&y)
            {
                return Ok(Err(format!(
                    "`{}` and `{}` are one attribute of one object",
                    nest.vars[a].name, nest.vars[b].name
                )));
            }
        }
        Ok(Ok(()))
    }
}

/// `("self.grid", "u")` for `self.grid.u`.
fn split(path: &str) -> (&str, &str) {
    path.rsplit_once('.').expect("a dotted name")
}

/// Why storing `obj.attribute` is not a plain store into the object's `__dict__`
/// (a module's globals, an instance's dict), if it is not: the class stores or
/// deletes through a hook of its own, the attribute is a property or a slot (a data
/// descriptor), or the object has no dict to store into (the store raises).
fn not_plain_store(obj: &PyObjectRef, attribute: &str, vm: &VirtualMachine) -> Option<String> {
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
