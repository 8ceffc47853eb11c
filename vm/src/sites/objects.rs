//! Objects held in lists, as compiled code reads and stores their attributes
//! (`kiln_jit::objects`): the columns an entry hands over, and the helpers that set an
//! attribute when a value cannot be replaced in place.
//!
//! A column is, for one attribute `x` and one list `ps`, the address of each item's
//! value of `x` (null where the item has none), borrowed from the item's `__dict__`,
//! which holds the value. Compiled code reads a value through its address and replaces
//! a float (or an int of one word) that only the dict holds in place; any other store
//! goes through [`attribute_setters`], which sets the attribute in the dict and puts
//! the new value's address into the column, and into every other entry of that
//! object's attribute where the lists hold the object more than once (`zip(ps,
//! ps[1:])`). That keeps every address valid and every column equal to the attributes
//! while the nest runs, given what the entry checks ([`Columns::new`]): each item's
//! class reads and stores the attribute as a plain entry of the object's dict (no
//! hook, no property or slot), and no attribute path of the nest's own (`self.x`)
//! names one of those objects' attributes.
//!
//! In a nest that calls no user code, a column can be the values themselves, copied on
//! entry (all of one kind: floats, ints of one word or bools): one the nest only
//! reads, and one it stores where no store can go astray (every object holds its own
//! value, none is in the list twice, no other item name has the attribute). Compiled
//! code then reads and stores a plain buffer, and [`Columns::write_back`] sets each
//! attribute the run changed, boxed as the interpreter would, when compiled code
//! returns (finished or handing a statement back), before the interpreter sees the
//! objects. particles_objects' loop: 8.8 -> 2.9 ms.

use super::attributes::{not_plain_read, not_plain_store};
use super::tier::{Entry, FrameVars};
use kiln_jit::ir::Nest;
use kiln_jit::objects::ItemAttribute;
use kiln_jit::types::{ArrayTy, Dtype, Elements};
use rustpython_vm::builtins::{PyList, PyStrRef};
use rustpython_vm::{AsObject, PyObject, PyObjectRef, PyResult, VirtualMachine};
use std::cell::RefCell;

/// Where an object held more than once (twice in a list, or in two lists: `zip(ps,
/// ps[1:])`) has its value of one attribute: the column entries, by the object's
/// address. The setter that replaces the value points every one of them at the new
/// one, so that none is left at the value it let go of.
type Aliases = std::rc::Rc<std::collections::HashMap<usize, Vec<usize>>>;

/// One column: the list it is over, the attribute, and the values' addresses.
struct Column {
    list: PyObjectRef,
    name: String,
    key: PyStrRef,
    values: Box<[usize]>,
    /// The addresses of the list's objects, in order.
    objects: Vec<usize>,
    /// Whether every object holds its value itself (none is its class's).
    own: bool,
}

/// The columns of one entry, alive (and findable by the setters) while it runs.
#[derive(Default)]
pub(super) struct Columns {
    columns: Vec<Column>,
    /// The classes' values some columns point at (`p.mass` of `Particle.mass`), held
    /// for the run: never one reference only, so never replaced in place.
    held: Vec<PyObjectRef>,
    /// Per stored attribute whose objects are held more than once, their entries.
    aliases: Vec<(String, Aliases)>,
    /// The values of the columns the nest only reads, copied (`value_column`), and of
    /// those it stores where a copy is safe ([`StoredCopy`]).
    copies: Vec<Vec<u64>>,
    /// The copied columns the nest stores into, written back after the run.
    stored_copies: Vec<StoredCopy>,
}

/// A column the nest stores into, copied on entry (`Columns::new` says when): what
/// [`Columns::write_back`] needs to set each attribute the run changed.
struct StoredCopy {
    list: PyObjectRef,
    key: PyStrRef,
    dtype: Dtype,
    /// Its buffer's index in `Columns::copies`, and the words as copied.
    buffer: usize,
    original: Vec<u64>,
}

thread_local! {
    /// The columns of the run in progress, by the address of their values.
    static RUNNING: RefCell<Vec<RunningColumn>> = const { RefCell::new(Vec::new()) };
}

/// A running column: its values' address, its list, its attribute and the entries of
/// the objects held more than once.
type RunningColumn = (usize, PyObjectRef, PyStrRef, Option<Aliases>);

/// Makes the columns findable by the setters until dropped.
pub(super) struct Running(usize);

impl Drop for Running {
    fn drop(&mut self) {
        RUNNING.with(|r| r.borrow_mut().truncate(self.0));
    }
}

/// The columns an entry asks for: the item attributes of the nest, the lists whose
/// objects it compares by `is`, and whether a stored attribute may be copied.
pub(super) struct Wanted<'a> {
    pub attributes: &'a [ItemAttribute],
    pub compared: &'a [kiln_jit::ir::Var],
    pub copy_stored: bool,
}

impl Columns {
    /// The columns `wanted` of `nest`, from the lists `objects` holds: each column's
    /// entry goes into `entries` (in place of what the variable held), or where one
    /// cannot be made, an entry saying why.
    pub(super) fn new(
        nest: &Nest,
        wanted: &Wanted,
        objects: &mut [Option<PyObjectRef>],
        entries: &mut [Entry],
        vars: &FrameVars,
        vm: &VirtualMachine,
    ) -> PyResult<Columns> {
        let Wanted {
            attributes,
            compared,
            copy_stored,
        } = *wanted;
        let mut made = Columns::default();
        if attributes.is_empty() {
            return Ok(made);
        }
        super::layout::provide(vm);
        attribute_setters::provide();
        let stored = assigned_anywhere(nest);
        let calls = kiln_jit::list_copies::calls_user_code(nest);
        let refuse = |entries: &mut [Entry], why: String| {
            for a in attributes {
                entries[a.var.as_u32() as usize] = Entry::Other(why.clone());
            }
        };
        for a in attributes {
            objects[a.var.as_u32() as usize] = None;
        }
        // The columns of each list, made in one pass over its items.
        let mut lists: Vec<(PyObjectRef, &str, Vec<&str>)> = Vec::new();
        for a in attributes {
            let list_name = nest.vars[a.list].name.as_str();
            let Some(list) = objects[a.list.as_u32() as usize].clone() else {
                // A subscripted sequence (`zip(ps, ps[1:])`) is bound where the
                // interpreter evaluates the loop's header: not in a spliced callee.
                let why = if list_name.contains(super::unpacked::SEQUENCE) {
                    "a loop over a slice of a list (`zip(ps, ps[1:])`) in a spliced call \
                     stays interpreted"
                        .to_string()
                } else {
                    format!("`{list_name}` is not set")
                };
                refuse(entries, why);
                return Ok(made);
            };
            if !list.class().is(vm.ctx.types.list_type) {
                refuse(
                    entries,
                    format!("`{list_name}` is a {}, not a list", list.class().name()),
                );
                return Ok(made);
            }
            match lists.iter_mut().find(|(l, _, _)| l.is(&list)) {
                Some((_, _, names)) if names.contains(&a.name(nest)) => {}
                Some((_, _, names)) => names.push(a.name(nest)),
                None => lists.push((list, list_name, vec![a.name(nest)])),
            }
        }
        for (list, list_name, names) in &lists {
            match columns(list, names, vm)? {
                Ok((columns, held)) => {
                    made.columns.extend(columns);
                    made.held.extend(held);
                }
                Err(why) => {
                    refuse(entries, format!("in `{list_name}`, {why}"));
                    return Ok(made);
                }
            }
        }
        for a in attributes {
            let name = a.name(nest);
            let list = objects[a.list.as_u32() as usize].as_ref().expect("a list");
            let c = made
                .columns
                .iter()
                .find(|c| c.list.is(list) && c.name == name)
                .expect("made above");
            let dtype = match kind_of(&c.values, vm) {
                Ok(dtype) => dtype,
                Err(why) => {
                    let list_name = &nest.vars[a.list].name;
                    refuse(
                        entries,
                        format!("`{list_name}` holds objects whose `{name}` {why}"),
                    );
                    return Ok(made);
                }
            };
            // An attribute no statement of the nest stores (by any item name), in a
            // nest that calls no method or function (which might): its values
            // themselves, where they are all of one kind.
            let stored_here = attributes
                .iter()
                .any(|b| b.name(nest) == name && stored.contains(&b.var));
            // One it stores, copied too and written back after the run, where no
            // store can go astray: every object holds its own value, none is in the
            // list twice, no other item name (over this list or another) has the
            // attribute (each would read a copy of its own), and copies have not
            // failed to compile here before.
            let copy_stored = stored_here
                && copy_stored
                && c.own
                && distinct(&c.objects)
                && attributes.iter().filter(|b| b.name(nest) == name).count() == 1;
            if (!stored_here || copy_stored)
                && !calls
                && let Some(values) = value_column(&c.values, dtype, vm)
            {
                let data = values.as_ptr() as u64;
                let ty = ArrayTy {
                    dtype,
                    ndim: 1,
                    unit_inner: true,
                    own_buffer: true,
                    list: None,
                    copied: true,
                };
                let slots = vec![data, c.values.len() as u64, dtype.size() as u64];
                entries[a.var.as_u32() as usize] = Entry::Array(ty, slots, data as usize);
                if stored_here {
                    made.stored_copies.push(StoredCopy {
                        list: c.list.clone(),
                        key: c.key.clone(),
                        dtype,
                        buffer: made.copies.len(),
                        original: values.clone(),
                    });
                }
                made.copies.push(values);
                continue;
            }
            let ty = ArrayTy {
                dtype,
                ndim: 1,
                unit_inner: true,
                // Two item names over one list share its columns.
                own_buffer: false,
                list: Some(Elements::Attribute),
                copied: false,
            };
            let slots = vec![c.values.as_ptr() as u64, c.values.len() as u64, 8];
            entries[a.var.as_u32() as usize] = Entry::List(ty, slots);
        }
        match made.shared(nest, attributes, &stored, vars, vm)? {
            Ok(aliases) => made.aliases = aliases,
            Err(why) => refuse(entries, why),
        }
        // `p is q` compares indices: no object may be in the list twice.
        for list in compared {
            let object = objects[list.as_u32() as usize].as_ref();
            let column = made
                .columns
                .iter()
                .find(|c| object.is_some_and(|o| c.list.is(o)));
            if column.is_some_and(|c| !distinct(&c.objects)) {
                refuse(
                    entries,
                    format!(
                        "`is` compares objects of `{}`, which holds one object twice",
                        nest.vars[*list].name
                    ),
                );
            }
        }
        Ok(made)
    }

    /// Why two addresses could name one value where a store would leave one stale: an
    /// object of the lists the owner of an attribute path of the nest's own with the
    /// attribute; else the entries of the stored attributes of the objects the lists
    /// hold more than once, which the setters keep together.
    fn shared(
        &self,
        nest: &Nest,
        attributes: &[ItemAttribute],
        stored: &[kiln_jit::ir::Var],
        vars: &FrameVars,
        vm: &VirtualMachine,
    ) -> PyResult<Result<Vec<(String, Aliases)>, String>> {
        let mut aliases = Vec::new();
        let mut checked: Vec<&str> = Vec::new();
        for c in &self.columns {
            let name = c.name.as_str();
            if checked.contains(&name) {
                continue;
            }
            checked.push(name);
            let is_stored = attributes
                .iter()
                .any(|a| a.name(nest) == name && stored.contains(&a.var));
            // The objects of the lists with a column of this attribute.
            let mut objects: Vec<usize> = Vec::new();
            for other in self.columns.iter().filter(|o| o.name == name) {
                objects.extend_from_slice(&other.objects);
            }
            if is_stored && !distinct(&objects) {
                aliases.push((name.to_owned(), self.aliases_of(name)));
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
                    && objects.contains(&(obj.as_object() as *const PyObject as usize))
                {
                    return Ok(Err(format!(
                        "`{}` is an attribute of an object of the list the loop runs over",
                        data.name
                    )));
                }
            }
        }
        Ok(Ok(aliases))
    }

    /// Sets each attribute a run changed in a stored copy (`StoredCopy`), boxed as the
    /// interpreter's store would have (a new float, int or bool), before the
    /// interpreter sees the objects again; the others keep their values.
    pub(super) fn write_back(&self, vm: &VirtualMachine) -> PyResult<()> {
        use super::list_copies::{boxed, changed};
        for s in &self.stored_copies {
            let words = &self.copies[s.buffer];
            let items = s
                .list
                .downcast_ref::<PyList>()
                .expect("a list")
                .borrow_vec()
                .to_vec();
            for (k, item) in items.iter().enumerate() {
                if changed(s.dtype, words, &s.original, k) {
                    let dict = item.dict().expect("copied from an object's `__dict__`");
                    dict.set_item(s.key.as_object(), boxed(s.dtype, words, k, vm), vm)?;
                }
            }
        }
        Ok(())
    }

    /// The entries of attribute `name` of the objects held more than once.
    fn aliases_of(&self, name: &str) -> Aliases {
        let mut entries: std::collections::HashMap<usize, Vec<usize>> = Default::default();
        for c in self.columns.iter().filter(|c| c.name == name) {
            for (k, object) in c.objects.iter().enumerate() {
                let entry = c.values.as_ptr() as usize + k * std::mem::size_of::<usize>();
                entries.entry(*object).or_default().push(entry);
            }
        }
        entries.retain(|_, at| at.len() > 1);
        std::rc::Rc::new(entries)
    }

    /// Makes the columns findable by the setters while the returned guard lives.
    pub(super) fn run(&self) -> Running {
        RUNNING.with(|r| {
            let mut r = r.borrow_mut();
            let depth = r.len();
            for c in &self.columns {
                let aliases = self
                    .aliases
                    .iter()
                    .find(|(name, _)| *name == c.name)
                    .map(|(_, a)| a.clone());
                r.push((
                    c.values.as_ptr() as usize,
                    c.list.clone(),
                    c.key.clone(),
                    aliases,
                ));
            }
            Running(depth)
        })
    }
}

/// The columns a specialisation needs beyond its site's: the attributes of the objects
/// of a list whose methods it inlined (`p.vy` of `p.move(dt)`), which only the nest
/// with its calls inlined names. Every entry makes all the nest's columns from that
/// nest, and runs the specialisation only where they have the types it was compiled for.
pub(crate) struct InlinedColumns {
    nest: Nest,
    attributes: Vec<ItemAttribute>,
    compared: Vec<kiln_jit::ir::Var>,
    /// The attributes the site lacks, and their types in the specialisation's key.
    pub(super) extra: Vec<(kiln_jit::ir::Var, kiln_jit::types::Ty)>,
}

impl InlinedColumns {
    /// The columns of `expanded` beyond `site`'s; `None` where there are none.
    pub(super) fn new(expanded: &Nest, site: &[ItemAttribute]) -> Option<InlinedColumns> {
        let attributes = kiln_jit::objects::item_attributes(expanded);
        let extra: Vec<_> = attributes
            .iter()
            .filter(|a| !site.iter().any(|s| s.var == a.var))
            .map(|a| (a.var, kiln_jit::types::Ty::Unbound))
            .collect();
        (!extra.is_empty()).then(|| InlinedColumns {
            nest: expanded.clone(),
            compared: kiln_jit::objects::compared_lists(expanded),
            attributes,
            extra,
        })
    }

    /// Every column of the expanded nest, with `objects` and `entries` grown to its
    /// variables and the columns' entries in them.
    pub(super) fn make(
        &self,
        objects: &mut Vec<Option<PyObjectRef>>,
        entries: &mut Vec<Entry>,
        vars: &FrameVars,
        vm: &VirtualMachine,
    ) -> PyResult<Columns> {
        let n = self.nest.vars.len();
        if objects.len() < n {
            objects.resize(n, None);
        }
        while entries.len() < n {
            entries.push(Entry::Unbound);
        }
        let wanted = Wanted {
            attributes: &self.attributes,
            compared: &self.compared,
            copy_stored: false,
        };
        Columns::new(&self.nest, &wanted, objects, entries, vars, vm)
    }

    /// Whether `entries` give the extra columns the types compiled for.
    pub(super) fn fit(&self, entries: &[Entry]) -> bool {
        self.extra.iter().all(|(v, ty)| {
            entries
                .get(v.as_u32() as usize)
                .is_some_and(|e| e.ty() == *ty)
        })
    }
}

thread_local! {
    /// Classes found to read and store these attributes plainly, by address and
    /// version tag.
    static PLAIN: RefCell<Vec<(usize, u32, Vec<String>)>> = const { RefCell::new(Vec::new()) };
    /// Lists of objects found distinct lately (most loops see the same ones on every
    /// entry): comparing with one is cheaper than sorting.
    static DISTINCT: RefCell<Vec<Vec<usize>>> = const { RefCell::new(Vec::new()) };
}

/// The variables the nest assigns, in its own statements and in the bodies of the
/// methods inlined into them (`self.x = v` of `p.move(dt)` stores `p.x`).
fn assigned_anywhere(nest: &Nest) -> Vec<kiln_jit::ir::Var> {
    let mut out = nest.assigned();
    nest.root.each_with_inlined(&mut |s| {
        if let kiln_jit::ir::StmtKind::Assign { targets, .. } = &s.kind {
            out.extend(targets.iter().copied());
        }
    });
    out.sort();
    out.dedup();
    out
}

/// Whether no address is twice in `objects`.
fn distinct(objects: &[usize]) -> bool {
    let known = DISTINCT.with(|d| d.borrow().iter().any(|k| k[..] == *objects));
    if known {
        return true;
    }
    let mut sorted = objects.to_vec();
    sorted.sort_unstable();
    if sorted.windows(2).any(|w| w[0] == w[1]) {
        return false;
    }
    DISTINCT.with(|d| {
        let mut d = d.borrow_mut();
        if d.len() >= 8 {
            d.remove(0);
        }
        d.push(objects.to_vec());
    });
    true
}

/// The columns of one list, and the classes' values they point at.
type ListColumns = (Vec<Column>, Vec<PyObjectRef>);

/// The columns of attributes `names` over the items of `list`, or why there are none.
fn columns(
    list: &PyObjectRef,
    names: &[&str],
    vm: &VirtualMachine,
) -> PyResult<Result<ListColumns, String>> {
    let keys: Vec<PyStrRef> = names
        .iter()
        .map(|n| vm.ctx.intern_str(*n).to_owned())
        .collect();
    let items = list.downcast_ref::<PyList>().expect("a list").borrow_vec();
    let mut values: Vec<Vec<usize>> = names
        .iter()
        .map(|_| Vec::with_capacity(items.len()))
        .collect();
    let mut objects = Vec::with_capacity(items.len());
    let mut plain_classes: Vec<*const PyObject> = Vec::new();
    let mut held: Vec<PyObjectRef> = Vec::new();
    // Per name, whether every object held its value itself.
    let mut own = vec![true; names.len()];
    // The elements of items a loop unpacks (`sites::unpacked`): columns `0`, `1`, ...
    let elements: Option<Vec<usize>> = names.iter().map(|n| n.parse().ok()).collect();
    let elements = elements.filter(|ks| {
        let mut sorted = ks.clone();
        sorted.sort_unstable();
        sorted.iter().copied().eq(0..ks.len())
    });
    for item in items.iter() {
        if let Some(ks) = &elements {
            let Some(addresses) = element_addresses(item, vm) else {
                return Ok(Err(format!(
                    "a {} is unpacked (only tuples and lists are, here)",
                    item.class().name()
                )));
            };
            if addresses.len() != ks.len() {
                return Ok(Err(format!(
                    "a {} of {} items is unpacked into {} names",
                    item.class().name(),
                    addresses.len(),
                    ks.len()
                )));
            }
            for (column, k) in values.iter_mut().zip(ks) {
                column.push(addresses[*k]);
            }
            objects.push(item.as_object() as *const PyObject as usize);
            continue;
        }
        let class = item.class();
        let class_address = class.as_object() as *const PyObject;
        if !plain_classes.contains(&class_address) {
            // A class checked before, unchanged since (its version tag, which any
            // change to it or a base clears, the same and set), is plain still.
            let version = class
                .tp_version_tag
                .load(std::sync::atomic::Ordering::Acquire);
            let known = version != 0
                && PLAIN.with(|p| {
                    p.borrow().iter().any(|(c, v, n)| {
                        *c == class_address as usize && *v == version && n == names
                    })
                });
            if !known {
                for name in names {
                    let plain =
                        not_plain_read(item, name, vm).or_else(|| not_plain_store(item, name, vm));
                    if let Some(why) = plain {
                        return Ok(Err(format!("a {}'s `{name}`: {why}", class.name())));
                    }
                }
                if version != 0 {
                    PLAIN.with(|p| {
                        let mut p = p.borrow_mut();
                        if p.len() >= 16 {
                            p.remove(0);
                        }
                        let names = names.iter().map(|n| (*n).to_owned()).collect();
                        p.push((class_address as usize, version, names));
                    });
                }
            }
            plain_classes.push(class_address);
        }
        let Some(dict) = item.dict() else {
            return Ok(Err(format!("a {} has no `__dict__`", class.name())));
        };
        for (((name, key), column), own) in names
            .iter()
            .zip(&keys)
            .zip(values.iter_mut())
            .zip(own.iter_mut())
        {
            let value = match dict.get_item_opt(key.as_object(), vm)? {
                Some(v) => Some(v),
                // Not the object's own: its class's, where that is a plain value (no
                // method or other descriptor), as `p.mass` reads `Particle.mass`. Held
                // by the column as well, so that no store replaces it in place (it is
                // the class's, every object's).
                None => {
                    *own = false;
                    class
                        .get_attr(vm.ctx.intern_str(*name))
                        .filter(|v| v.class().slots.descr_get.load().is_none())
                        .inspect(|v| held.push(v.clone()))
                }
            };
            column.push(value.map_or(0, |v| v.as_object() as *const PyObject as usize));
        }
        objects.push(item.as_object() as *const PyObject as usize);
    }
    drop(items);
    let columns = names
        .iter()
        .zip(keys)
        .zip(values)
        .zip(own)
        .map(|(((name, key), values), own)| Column {
            list: list.clone(),
            name: (*name).to_owned(),
            key,
            values: values.into_boxed_slice(),
            objects: objects.clone(),
            // An element of an unpacked item is no attribute to set.
            own: own && elements.is_none(),
        })
        .collect();
    Ok(Ok((columns, held)))
}

/// The addresses of the elements of a tuple or a list (exactly those types), which the
/// item holds while the nest runs (nothing stores into the list the loop runs over or
/// into its items); `None` for anything else.
fn element_addresses(item: &PyObjectRef, vm: &VirtualMachine) -> Option<Vec<usize>> {
    let address = |o: &PyObjectRef| o.as_object() as *const PyObject as usize;
    let class = item.class();
    if class.is(vm.ctx.types.tuple_type) {
        let t = item.downcast_ref::<rustpython_vm::builtins::PyTuple>()?;
        return Some(t.as_slice().iter().map(address).collect());
    }
    if class.is(vm.ctx.types.list_type) {
        let l = item.downcast_ref::<PyList>()?;
        return Some(l.borrow_vec().iter().map(address).collect());
    }
    None
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

/// The values of a column the nest only reads, where every item has one of kind
/// `dtype` (a float, an int of one word, a bool; bools one byte each): what compiled
/// code reads in place of the addresses (`kiln_jit::list_copies`' copies, as an
/// attribute's values cannot change while no statement stores one and no user code
/// runs). `None` where an item has none, or one of another kind.
fn value_column(values: &[usize], dtype: Dtype, vm: &VirtualMachine) -> Option<Vec<u64>> {
    let mut numbers = super::list_copies::Numbers::new(dtype, values.len());
    for (k, address) in values.iter().enumerate() {
        if *address == 0 {
            return None;
        }
        // SAFETY: the address of a value an item's dict (or its class) holds, read
        // under the VM's thread before the nest runs.
        numbers.put(k, unsafe { &*(*address as *const PyObject) }, vm)?;
    }
    Some(numbers.words())
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
                .find(|(v, ..)| *v == values as usize)
                .map(|(_, list, name, aliases)| (list.clone(), name.clone(), aliases.clone()))
        });
        let fail = || {
            unsafe { *status = 1 };
            0
        };
        let Some((list, name, aliases)) = found else {
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
            // A value whose release could run code (a `__del__` that changes the
            // objects) is the interpreter's to replace.
            match dict.get_item_opt(name.as_object(), vm) {
                Ok(Some(old)) if !super::super::lists::goes_quietly(&old) => return false,
                Err(_) => return false,
                _ => {}
            }
            dict.set_item(name.as_object(), value, vm).is_ok()
        });
        if !set {
            return fail();
        }
        // SAFETY: the column has an address per item; the dict now holds the value.
        unsafe { *(values as usize as *mut usize).add(index as usize) = address };
        // The object's other entries (it is in the lists more than once) too.
        let object = item
            .as_ref()
            .map(|i| i.as_object() as *const PyObject as usize);
        if let (Some(aliases), Some(object)) = (aliases, object)
            && let Some(entries) = aliases.get(&object)
        {
            for entry in entries {
                // SAFETY: an entry of a running column of this attribute.
                unsafe { *(*entry as *mut usize) = address };
            }
        }
        1
    }

    /// One setter per kind of number, each boxing the bits as the interpreter would.
    macro_rules! setters {
        ($($f:ident: $bits:ident => $boxed:expr;)*) => {$(
            unsafe extern "C" fn $f(values: i64, index: i64, $bits: i64, status: *mut i64) -> i64 {
                let ctx = rustpython_vm::Context::genesis();
                let value: PyObjectRef = $boxed(ctx);
                unsafe { set(values, index, value, status) }
            }
        )*};
    }

    setters! {
        kiln_attr_set_float: bits => |ctx: &rustpython_vm::Context| {
            ctx.new_float(f64::from_bits(bits as u64)).into()
        };
        kiln_attr_set_int: v => |ctx: &rustpython_vm::Context| ctx.new_int(v).into();
        kiln_attr_set_bool: v => |ctx: &rustpython_vm::Context| ctx.new_bool(v != 0).into();
    }
}
