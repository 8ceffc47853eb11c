//! Objects held in lists, as compiled code reads and stores their attributes
//! (`kiln_jit::objects`): the columns an entry hands over, and the helpers that set an
//! attribute when a value cannot be replaced in place.
//!
//! A column is, for one attribute `x` and one list `ps`, the address of each item's
//! value of `x` (null where the item has none), borrowed from the item's `__dict__`,
//! which holds the value. Compiled code reads a value through its address and replaces
//! a float (or an int of one word) that only the dict holds in place; any other store
//! goes through [`attribute_setters`], which sets the attribute in the dict and puts
//! the new value's address into the column. That keeps every address valid and every
//! column equal to the attributes while the nest runs, given what the entry checks
//! ([`Columns::new`]): each item's class reads and stores the attribute as a plain
//! entry of the object's dict (no hook, no property or slot), no object is in the
//! lists twice where a column of its attribute is stored into (two addresses of one
//! value, one of which a store would leave dangling), and no attribute path of the
//! nest's own (`self.x`) names one of those objects' attributes.

use super::attributes::{not_plain_read, not_plain_store};
use super::tier::{Entry, FrameVars};
use kiln_jit::ir::Nest;
use kiln_jit::objects::ItemAttribute;
use kiln_jit::types::{ArrayTy, Dtype, Elements};
use rustpython_vm::builtins::{PyList, PyStrRef};
use rustpython_vm::{AsObject, PyObject, PyObjectRef, PyResult, VirtualMachine};
use std::cell::RefCell;

/// One column: the list it is over, the attribute, and the values' addresses.
struct Column {
    list: PyObjectRef,
    name: String,
    key: PyStrRef,
    values: Box<[usize]>,
}

/// The columns of one entry, alive (and findable by the setters) while it runs.
#[derive(Default)]
pub(super) struct Columns {
    columns: Vec<Column>,
}

thread_local! {
    /// The columns of the run in progress, by the address of their values.
    static RUNNING: RefCell<Vec<(usize, PyObjectRef, PyStrRef)>> = const { RefCell::new(Vec::new()) };
}

/// Makes the columns findable by the setters until dropped.
pub(super) struct Running(usize);

impl Drop for Running {
    fn drop(&mut self) {
        RUNNING.with(|r| r.borrow_mut().truncate(self.0));
    }
}

impl Columns {
    /// The columns for the item attributes `attributes` of `nest`, from the lists
    /// `objects` holds: each column's entry goes into `entries` (in place of what the
    /// variable held), or where one cannot be made, an entry saying why.
    pub(super) fn new(
        nest: &Nest,
        attributes: &[ItemAttribute],
        objects: &mut [Option<PyObjectRef>],
        entries: &mut [Entry],
        vars: &FrameVars,
        vm: &VirtualMachine,
    ) -> PyResult<Columns> {
        let mut made = Columns::default();
        if attributes.is_empty() {
            return Ok(made);
        }
        super::layout::provide(vm);
        attribute_setters::provide();
        let stored = nest.assigned();
        let refuse = |entries: &mut [Entry], why: String| {
            for a in attributes {
                entries[a.var.as_u32() as usize] = Entry::Other(why.clone());
            }
        };
        for a in attributes {
            objects[a.var.as_u32() as usize] = None;
            let name = a.name(nest);
            let list_name = &nest.vars[a.list].name;
            let Some(list) = objects[a.list.as_u32() as usize].clone() else {
                refuse(entries, format!("`{list_name}` is not set"));
                return Ok(made);
            };
            if !list.class().is(vm.ctx.types.list_type) {
                refuse(
                    entries,
                    format!("`{list_name}` is a {}, not a list", list.class().name()),
                );
                return Ok(made);
            }
            let existing = made
                .columns
                .iter()
                .position(|c| c.list.is(&list) && c.name == name);
            let column = match existing {
                Some(k) => k,
                None => match column(&list, name, vm)? {
                    Ok(column) => {
                        made.columns.push(column);
                        made.columns.len() - 1
                    }
                    Err(why) => {
                        refuse(entries, format!("in `{list_name}`, {why}"));
                        return Ok(made);
                    }
                },
            };
            let c = &made.columns[column];
            let dtype = match kind_of(&c.values, vm) {
                Ok(dtype) => dtype,
                Err(why) => {
                    refuse(
                        entries,
                        format!("`{list_name}` holds objects whose `{name}` {why}"),
                    );
                    return Ok(made);
                }
            };
            let ty = ArrayTy {
                dtype,
                ndim: 1,
                unit_inner: true,
                // Two item names over one list share its columns.
                own_buffer: false,
                list: Some(Elements::Attribute),
            };
            let slots = vec![c.values.as_ptr() as u64, c.values.len() as u64, 8];
            entries[a.var.as_u32() as usize] = Entry::List(ty, slots);
        }
        if let Some(why) = made.shared(nest, attributes, &stored, vars, vm)? {
            refuse(entries, why);
        }
        Ok(made)
    }

    /// Why two addresses could name one value, if they could: an object twice in the
    /// lists with a column of one attribute that the nest stores, or one of them the
    /// owner of an attribute path of the nest's own with that attribute.
    fn shared(
        &self,
        nest: &Nest,
        attributes: &[ItemAttribute],
        stored: &[kiln_jit::ir::Var],
        vars: &FrameVars,
        vm: &VirtualMachine,
    ) -> PyResult<Option<String>> {
        for c in &self.columns {
            let name = c.name.as_str();
            let is_stored = attributes
                .iter()
                .any(|a| a.name(nest) == name && stored.contains(&a.var));
            let mut seen = std::collections::HashSet::new();
            for other in self.columns.iter().filter(|o| o.name == name) {
                let items = other.list.downcast_ref::<PyList>().expect("a list");
                for item in items.borrow_vec().iter() {
                    let address = item.as_object() as *const PyObject as usize;
                    if !seen.insert(address) && is_stored {
                        return Ok(Some(format!(
                            "an object is held twice by the lists whose items' `{name}` the \
                             loop stores"
                        )));
                    }
                }
            }
            // `self.x` beside `p.x`, either stored: one would hold a stale value.
            for (v, data) in nest.vars.iter() {
                let Some((owner, attribute)) = data.name.rsplit_once('.') else {
                    continue;
                };
                if attribute != name
                    || attributes.iter().any(|a| a.var == v)
                    || !(is_stored || stored.contains(&v))
                {
                    continue;
                }
                if let Some(obj) = vars.object(owner, vm)?
                    && seen.contains(&(obj.as_object() as *const PyObject as usize))
                {
                    return Ok(Some(format!(
                        "`{}` is an attribute of an object of the list the loop runs over",
                        data.name
                    )));
                }
            }
        }
        Ok(None)
    }

    /// Makes the columns findable by the setters while the returned guard lives.
    pub(super) fn run(&self) -> Running {
        RUNNING.with(|r| {
            let mut r = r.borrow_mut();
            let depth = r.len();
            for c in &self.columns {
                r.push((c.values.as_ptr() as usize, c.list.clone(), c.key.clone()));
            }
            Running(depth)
        })
    }
}

/// The column of attribute `name` over the items of `list`, or why there is none.
fn column(list: &PyObjectRef, name: &str, vm: &VirtualMachine) -> PyResult<Result<Column, String>> {
    let key = vm.ctx.new_str(name);
    let items = list.downcast_ref::<PyList>().expect("a list").borrow_vec();
    let mut values = Vec::with_capacity(items.len());
    let mut plain_classes: Vec<PyObjectRef> = Vec::new();
    for item in items.iter() {
        let class: PyObjectRef = item.class().to_owned().into();
        if !plain_classes.iter().any(|c| c.is(&class)) {
            let plain = not_plain_read(item, name, vm).or_else(|| not_plain_store(item, name, vm));
            if let Some(why) = plain {
                return Ok(Err(format!(
                    "a {}'s `{}`: {why}",
                    item.class().name(),
                    name
                )));
            }
            plain_classes.push(class);
        }
        let Some(dict) = item.dict() else {
            return Ok(Err(format!("a {} has no `__dict__`", item.class().name())));
        };
        let value = dict.get_item_opt(key.as_object(), vm)?;
        values.push(value.map_or(0, |v| v.as_object() as *const PyObject as usize));
    }
    drop(items);
    Ok(Ok(Column {
        list: list.clone(),
        name: name.to_owned(),
        key,
        values: values.into_boxed_slice(),
    }))
}

/// The kind of number a column's values are taken for: its first value's (a Python
/// float, int of one word or bool); a later value of another kind hands its statement
/// back when read.
fn kind_of(values: &[usize], vm: &VirtualMachine) -> Result<Dtype, String> {
    let Some(&first) = values.iter().find(|v| **v != 0) else {
        return Ok(Dtype::F64);
    };
    // SAFETY: the address of a value an item's dict holds, read under the VM's thread.
    let value = unsafe { &*(first as *const PyObject) };
    let types = &vm.ctx.types;
    let class = value.class();
    if class.is(types.float_type) {
        Ok(Dtype::F64)
    } else if class.is(types.bool_type) {
        Ok(Dtype::Bool)
    } else if class.is(types.int_type) {
        match kiln_jit::runtime::object_layout().and_then(|l| l.ints) {
            Some(_) => Ok(Dtype::I64),
            None => {
                Err("are ints, which kiln reads in place only where it found their layout".into())
            }
        }
    } else {
        Err(format!("is a {}", class.name()))
    }
}

/// The helpers compiled code sets an item's attribute with:
/// `f(values, index, bits, &status)`, where `values` is a running column's.
mod attribute_setters {
    use super::RUNNING;
    use rustpython_vm::builtins::PyList;
    use rustpython_vm::{AsObject, PyObject, PyObjectRef};

    pub fn provide() {
        static ONCE: std::sync::Once = std::sync::Once::new();
        ONCE.call_once(|| {
            kiln_jit::runtime::provide("kiln_attr_set_float", kiln_attr_set_float as *const u8);
            kiln_jit::runtime::provide("kiln_attr_set_int", kiln_attr_set_int as *const u8);
            kiln_jit::runtime::provide("kiln_attr_set_bool", kiln_attr_set_bool as *const u8);
        });
    }

    /// Sets the attribute of item `index` of the column at `values` to `value`, as the
    /// interpreter's plain store does (into the item's dict), and points the column at
    /// it; the status is set where that fails (nothing changed then).
    ///
    /// # Safety
    /// `values` is a running column's (`Columns::run`), `index` below its length.
    unsafe fn set(values: i64, index: i64, value: PyObjectRef, status: *mut i64) -> i64 {
        let found = RUNNING.with(|r| {
            r.borrow()
                .iter()
                .find(|(v, _, _)| *v == values as usize)
                .map(|(_, list, name)| (list.clone(), name.clone()))
        });
        let fail = || {
            unsafe { *status = 1 };
            0
        };
        let Some((list, name)) = found else {
            return fail();
        };
        let item = list
            .downcast_ref::<PyList>()
            .and_then(|l| l.borrow_vec().get(index as usize).cloned());
        let Some(dict) = item.as_ref().and_then(|i| i.dict()) else {
            return fail();
        };
        let address = value.as_object() as *const PyObject as usize;
        let set = rustpython_vm::vm::thread::with_current_vm(|vm| {
            dict.set_item(name.as_object(), value, vm).is_ok()
        });
        if !set {
            return fail();
        }
        // SAFETY: the column has an address per item; the dict now holds the value.
        unsafe { *(values as usize as *mut usize).add(index as usize) = address };
        1
    }

    unsafe extern "C" fn kiln_attr_set_float(
        values: i64,
        index: i64,
        bits: i64,
        status: *mut i64,
    ) -> i64 {
        let ctx = rustpython_vm::Context::genesis();
        let value = ctx.new_float(f64::from_bits(bits as u64)).into();
        unsafe { set(values, index, value, status) }
    }

    unsafe extern "C" fn kiln_attr_set_int(
        values: i64,
        index: i64,
        v: i64,
        status: *mut i64,
    ) -> i64 {
        let ctx = rustpython_vm::Context::genesis();
        let value = ctx.new_int(v).into();
        unsafe { set(values, index, value, status) }
    }

    unsafe extern "C" fn kiln_attr_set_bool(
        values: i64,
        index: i64,
        v: i64,
        status: *mut i64,
    ) -> i64 {
        let ctx = rustpython_vm::Context::genesis();
        let value = ctx.new_bool(v != 0).into();
        unsafe { set(values, index, value, status) }
    }
}
