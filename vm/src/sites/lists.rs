//! Lists of numbers (and lists of rows of numbers) as compiled code reads, stores into
//! and grows them (`kiln_jit::lists`): the entry of a list variable (the list object
//! itself, typed by its first item) and the helpers compiled code calls for its items,
//! its length and appending to it.
//!
//! Invariant: a list's object pointer in the frame is held by the variable it came
//! from for the whole run, and compiled code changes the list only through
//! [`list_items`]'s append helpers, which run on the VM's thread.

use super::tier::Entry;
use kiln_jit::types::{ArrayTy, Dtype, Elements};
use kiln_stdlib::numpy::DType;
use kiln_stdlib::numpy::format::Element;
use kiln_stdlib::numpy::python::convert::{Strength, scalar_element, scalar_to_py};
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

/// A list whose first item is a Python float, a Python int that fits in 64 bits (not a
/// bool), an `np.float64` or an `np.int64`, as compiled code reads it (`kiln_jit::lists`):
/// the list object itself, each item read by a helper (`list_items`) that checks it
/// is of the first's kind; `None` for anything but a list. A subclass of `list`
/// qualifies where it reads its items as a list does (numba's typed `List`).
pub(super) fn number_list(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<Option<Entry>> {
    let Some(list) = obj.downcast_ref::<rustpython_vm::builtins::PyList>() else {
        return Ok(None);
    };
    let types = &vm.ctx.types;
    let class = obj.class();
    if !class.is(types.list_type) {
        for base in class
            .mro
            .read()
            .iter()
            .take_while(|c| !c.is(types.list_type))
        {
            for name in ["__getitem__", "__setitem__", "__len__", "__iter__"] {
                if base.get_direct_attr(vm.ctx.intern_str(name)).is_some() {
                    return Ok(Some(Entry::Other(format!(
                        "a {} with its own {name}",
                        class.name()
                    ))));
                }
            }
        }
    }
    let items = list.borrow_vec();
    // A list of rows (`A[i][k]`): typed by the first row's first item.
    let first_row = items
        .first()
        .filter(|x| x.class().is(types.list_type))
        .and_then(|x| x.downcast_ref::<rustpython_vm::builtins::PyList>());
    let first = match first_row {
        Some(row) => row.borrow_vec().first().cloned(),
        None => items.first().cloned(),
    };
    let (dtype, elements) = match first {
        None => (Dtype::F64, Elements::Python),
        Some(x) => match number_kind(vm, &x)? {
            Some(kind) => kind,
            None => {
                return Ok(Some(Entry::Other(format!(
                    "a list of {}",
                    x.class().name()
                ))));
            }
        },
    };
    list_items::provide();
    super::layout::provide(vm);
    let ndim = if first_row.is_some() { 2 } else { 1 };
    let ty = ArrayTy {
        dtype,
        ndim,
        unit_inner: true,
        own_buffer: true,
        list: Some(elements),
        copied: false,
    };
    // The object (held by the variable for the run), its length (and the first row's),
    // eight bytes an item: the helpers take every subscript against the lists as they
    // are when they run.
    let object: &rustpython_vm::PyObject = obj;
    let slots = match first_row {
        Some(row) => vec![
            object as *const _ as u64,
            items.len() as u64,
            row.borrow_vec().len() as u64,
            0,
            8,
        ],
        None => vec![object as *const _ as u64, items.len() as u64, 8],
    };
    Ok(Some(Entry::List(ty, slots)))
}

/// The kind of number `x` is as a list's item compiled code reads: a Python float, a
/// Python int (not a bool), an `np.float64` or an `np.int64`; `None` for anything else.
fn number_kind(vm: &VirtualMachine, x: &PyObjectRef) -> PyResult<Option<(Dtype, Elements)>> {
    let types = &vm.ctx.types;
    Ok(if x.class().is(types.float_type) {
        Some((Dtype::F64, Elements::Python))
    } else if x.class().is(types.bool_type) {
        Some((Dtype::Bool, Elements::Python))
    } else if x.class().is(types.int_type) {
        Some((Dtype::I64, Elements::Python))
    } else {
        match scalar_element(vm, x)? {
            Some((Element::Float(_), Strength::Strong(DType::Float64))) => {
                Some((Dtype::F64, Elements::Numpy))
            }
            Some((Element::Int(_), Strength::Strong(DType::Int64))) => {
                Some((Dtype::I64, Elements::Numpy))
            }
            _ => None,
        }
    })
}

/// The helpers compiled code reads a list's items with: `f(list, index, &status)`,
/// the item's bits, or the status set where it is not of the kind the helper reads
/// (compiled code then hands the statement back).
use list_items::every_item;
pub(super) use list_items::goes_quietly;

/// Why the site's own loop over lists cannot run compiled on this entry, if it
/// cannot: it binds their items where nothing can hand back, so each item must be of
/// the kind the first is (an inner loop checks its own lists before it starts; a list
/// of rows binds each row with its own check, `kiln_jit::rows`).
pub(super) fn root_items_mixed(
    nest: &kiln_jit::ir::Nest,
    key: &[kiln_jit::types::Ty],
    objects: &[Option<PyObjectRef>],
) -> Option<String> {
    let kiln_jit::ir::StmtKind::For { items, .. } = &nest.root.kind else {
        return None;
    };
    items.iter().find_map(|(_, list)| {
        let at = list.as_u32() as usize;
        let (kiln_jit::types::Ty::Array(a), Some(obj)) = (&key[at], &objects[at]) else {
            return None;
        };
        let kind = kiln_jit::types::ListItems::of(a)?;
        (a.ndim == 1 && !every_item(obj, kind)).then(|| {
            format!(
                "the items of `{}` are not all of one kind (the first's); it stays interpreted",
                nest.vars[*list].name
            )
        })
    })
}

mod list_items {
    use super::{DType, Element, Strength, scalar_element, scalar_to_py};
    use kiln_jit::types::ListItems;
    use rustpython_vm::builtins::{PyFloat, PyInt, PyList};
    use rustpython_vm::{AsObject, PyObject, PyObjectRef};

    /// Gives compiled code these helpers, each under its own name.
    macro_rules! provide_all {
        ($($f:ident),* $(,)?) => {
            $(kiln_jit::runtime::provide(stringify!($f), $f as *const u8);)*
        };
    }

    pub fn provide() {
        static ONCE: std::sync::Once = std::sync::Once::new();
        ONCE.call_once(|| {
            provide_all!(
                kiln_list_float,
                kiln_list_int,
                kiln_list_np_float64,
                kiln_list_np_int64,
                kiln_list_bool,
                kiln_list2_bool,
                kiln_list2_float,
                kiln_list2_int,
                kiln_list2_np_float64,
                kiln_list2_np_int64,
                kiln_list_len,
                kiln_list_row_len,
                kiln_list_row,
                kiln_list_every_float,
                kiln_list_every_int,
                kiln_list_every_bool,
                kiln_list_every_np_float64,
                kiln_list_every_np_int64,
                kiln_list_append_float,
                kiln_list_append_int,
                kiln_list_append_np_float64,
                kiln_list_append_np_int64,
                kiln_list_set_float,
                kiln_list_set_int,
                kiln_list_set_bool,
                kiln_list_set_np_float64,
                kiln_list_set_np_int64,
                kiln_list2_set_float,
                kiln_list2_set_int,
                kiln_list2_set_bool,
                kiln_list2_set_np_float64,
                kiln_list2_set_np_int64,
            );
        });
    }

    /// The position `index` names (Python's way: from the end where negative) in a
    /// list of `len` items, if any.
    fn position(index: i64, len: usize) -> Option<usize> {
        let at = if index < 0 { index + len as i64 } else { index };
        usize::try_from(at).ok().filter(|at| *at < len)
    }

    /// `with` applied to the row `index` of the list at `list`, if it is a list
    /// (exactly: a subclass could read its items its own way).
    ///
    /// # Safety
    /// `list` is a live list object, held by a variable of the running nest.
    unsafe fn row<T>(list: i64, index: i64, with: impl FnOnce(&PyList) -> Option<T>) -> Option<T> {
        let object = unsafe { &*(list as usize as *const PyObject) };
        let rows = object.downcast_ref::<PyList>()?.borrow_vec();
        let row = rows.get(position(index, rows.len())?)?;
        let ctx = rustpython_vm::Context::genesis();
        if !row.class().is(ctx.types.list_type) {
            return None;
        }
        with(row.downcast_ref::<PyList>()?)
    }

    /// The item `k` of the row `i` of the list at `list`, read by `read`.
    ///
    /// # Safety
    /// As [`row`].
    unsafe fn item2(
        list: i64,
        i: i64,
        k: i64,
        status: *mut i64,
        read: impl Fn(&PyObject) -> Option<u64>,
    ) -> i64 {
        let bits = unsafe {
            row(list, i, |row| {
                let items = row.borrow_vec();
                let item = items.get(position(k, items.len())?)?;
                read(item.as_object())
            })
        };
        match bits {
            Some(bits) => bits as i64,
            None => {
                unsafe { *status = 1 };
                0
            }
        }
    }

    /// Puts `value` in place of the item `index` of `list`; the status is set where
    /// there is none (the interpreter raises the `IndexError`), or where the item
    /// replaced could run code when let go of ([`goes_quietly`]: the interpreter stores
    /// then). The item replaced is dropped once the list is released.
    fn put(list: &PyList, index: i64, value: Option<PyObjectRef>, status: *mut i64) -> i64 {
        let Some(value) = value else {
            unsafe { *status = 1 };
            return 0;
        };
        let mut items = list.borrow_vec_mut();
        let Some(at) = position(index, items.len()).filter(|at| goes_quietly(&items[*at])) else {
            drop(items);
            unsafe { *status = 1 };
            return 0;
        };
        let old = std::mem::replace(&mut items[at], value);
        drop(items);
        drop(old);
        1
    }

    /// Whether letting go of `x` runs no code of the user's: a number, a string or
    /// `None` (no `__del__`, nothing held that could have one). Compiled code replaces
    /// only such values; any other goes to the interpreter, whose store runs a
    /// `__del__` where Python runs it (it could change the lists compiled code reads).
    pub fn goes_quietly(x: &PyObject) -> bool {
        let ctx = rustpython_vm::Context::genesis();
        let types = &ctx.types;
        let class = x.class();
        [
            types.float_type,
            types.int_type,
            types.bool_type,
            types.complex_type,
            types.str_type,
            types.none_type,
        ]
        .iter()
        .any(|t| class.is(*t))
            || rustpython_vm::vm::thread::with_current_vm(|vm| {
                matches!(scalar_element(vm, x), Ok(Some(_)))
            })
    }

    /// # Safety
    /// As [`row`].
    unsafe fn set(list: i64, index: i64, value: Option<PyObjectRef>, status: *mut i64) -> i64 {
        let object = unsafe { &*(list as usize as *const PyObject) };
        match object.downcast_ref::<PyList>() {
            Some(l) => put(l, index, value, status),
            None => {
                unsafe { *status = 1 };
                0
            }
        }
    }

    /// # Safety
    /// As [`row`].
    unsafe fn set2(
        list: i64,
        i: i64,
        status: *mut i64,
        put_into: impl FnOnce(&PyList) -> i64,
    ) -> i64 {
        // The row is taken out of the list first: storing into it locks it, and
        // the item replaced is dropped after (neither under the list's lock).
        let taken = unsafe {
            let object = &*(list as usize as *const PyObject);
            object.downcast_ref::<PyList>().and_then(|l| {
                let rows = l.borrow_vec();
                let row = rows.get(position(i, rows.len())?)?;
                let ctx = rustpython_vm::Context::genesis();
                row.class().is(ctx.types.list_type).then(|| row.clone())
            })
        };
        match taken.as_ref().and_then(|r| r.downcast_ref::<PyList>()) {
            Some(row) => put_into(row),
            None => {
                unsafe { *status = 1 };
                0
            }
        }
    }

    /// `xs[i] = v` of a Python float: where the item there is a float only the list
    /// holds (its one reference is the list's), its value is replaced in place (no
    /// float is made and none freed; what compiled code stores most, `C[i][j] += v`,
    /// then allocates nothing); otherwise a new float takes its place. Nothing else
    /// can see the difference but `id()`, which the JIT need not keep.
    fn put_float(list: &PyList, index: i64, bits: i64, status: *mut i64) -> i64 {
        if in_place(list, index, bits) {
            return 1;
        }
        put(list, index, boxed_float(bits), status)
    }

    /// The in-place half of [`put_float`]: whether the item was such a float, and now
    /// holds the value (under the list's read lock only).
    fn in_place(list: &PyList, index: i64, bits: i64) -> bool {
        let items = list.borrow_vec();
        let Some(item) = position(index, items.len()).map(|at| &items[at]) else {
            return false;
        };
        let ctx = rustpython_vm::Context::genesis();
        let Some(layout) = kiln_jit::runtime::object_layout() else {
            return false;
        };
        if !item.class().is(ctx.types.float_type) || item.strong_count() != 1 {
            return false;
        }
        // SAFETY: the probed offset of a float's value (`super::layout`), in a float
        // nothing but this list refers to, on the one thread running Python.
        unsafe {
            (item.as_object() as *const PyObject as *mut u8)
                .add(layout.float_value as usize)
                .cast::<u64>()
                .write(bits as u64);
        }
        true
    }

    unsafe extern "C" fn kiln_list_set_float(
        list: i64,
        index: i64,
        bits: i64,
        status: *mut i64,
    ) -> i64 {
        let object = unsafe { &*(list as usize as *const PyObject) };
        match object.downcast_ref::<PyList>() {
            Some(l) => put_float(l, index, bits, status),
            None => {
                unsafe { *status = 1 };
                0
            }
        }
    }

    unsafe extern "C" fn kiln_list2_set_float(
        list: i64,
        i: i64,
        k: i64,
        bits: i64,
        status: *mut i64,
    ) -> i64 {
        let object = unsafe { &*(list as usize as *const PyObject) };
        let ctx = rustpython_vm::Context::genesis();
        // In place under both read locks; else the row taken out, as `set2` does.
        let done = object.downcast_ref::<PyList>().is_some_and(|l| {
            let rows = l.borrow_vec();
            position(i, rows.len())
                .map(|at| &rows[at])
                .filter(|row| row.class().is(ctx.types.list_type))
                .and_then(|row| row.downcast_ref::<PyList>())
                .is_some_and(|row| in_place(row, k, bits))
        });
        if done {
            return 1;
        }
        unsafe { set2(list, i, status, |row| put_float(row, k, bits, status)) }
    }

    fn boxed_float(bits: i64) -> Option<PyObjectRef> {
        let ctx = rustpython_vm::Context::genesis();
        Some(ctx.new_float(f64::from_bits(bits as u64)).into())
    }

    fn boxed_int(v: i64) -> Option<PyObjectRef> {
        let ctx = rustpython_vm::Context::genesis();
        Some(ctx.new_int(v).into())
    }

    fn boxed_bool(v: i64) -> Option<PyObjectRef> {
        let ctx = rustpython_vm::Context::genesis();
        Some(ctx.new_bool(v != 0).into())
    }

    fn boxed_np_float64(bits: i64) -> Option<PyObjectRef> {
        numpy_scalar(DType::Float64, Element::Float(f64::from_bits(bits as u64)))
    }

    fn boxed_np_int64(v: i64) -> Option<PyObjectRef> {
        numpy_scalar(DType::Int64, Element::Int(v))
    }

    macro_rules! setters {
        ($($one:ident, $two:ident, $boxed:ident;)*) => {$(
            unsafe extern "C" fn $one(list: i64, index: i64, bits: i64, status: *mut i64) -> i64 {
                unsafe { set(list, index, $boxed(bits), status) }
            }

            unsafe extern "C" fn $two(
                list: i64,
                i: i64,
                k: i64,
                bits: i64,
                status: *mut i64,
            ) -> i64 {
                unsafe { set2(list, i, status, |row| put(row, k, $boxed(bits), status)) }
            }
        )*};
    }

    setters! {
        kiln_list_set_int, kiln_list2_set_int, boxed_int;
        kiln_list_set_bool, kiln_list2_set_bool, boxed_bool;
        kiln_list_set_np_float64, kiln_list2_set_np_float64, boxed_np_float64;
        kiln_list_set_np_int64, kiln_list2_set_np_int64, boxed_np_int64;
    }

    fn python_float(x: &PyObject) -> Option<u64> {
        let ctx = rustpython_vm::Context::genesis();
        x.class().is(ctx.types.float_type).then(|| {
            x.downcast_ref::<PyFloat>()
                .expect("a float")
                .to_f64()
                .to_bits()
        })
    }

    fn python_int(x: &PyObject) -> Option<u64> {
        let ctx = rustpython_vm::Context::genesis();
        if !x.class().is(ctx.types.int_type) {
            return None;
        }
        let i = x.downcast_ref::<PyInt>().expect("an int");
        i64::try_from(i.as_bigint()).ok().map(|v| v as u64)
    }

    fn python_bool(x: &PyObject) -> Option<u64> {
        let ctx = rustpython_vm::Context::genesis();
        x.class()
            .is(ctx.types.bool_type)
            .then(|| x.is(&ctx.true_value) as u64)
    }

    /// Whether every item of the list at `list` is one `read` takes: what a loop over
    /// it checks before it starts (its items are bound where nothing can hand back).
    ///
    /// # Safety
    /// `list` is a live list object, held by a variable of the running nest.
    unsafe fn every(list: i64, status: *mut i64, read: impl Fn(&PyObject) -> Option<u64>) -> i64 {
        let object = unsafe { &*(list as usize as *const PyObject) };
        let all = object
            .downcast_ref::<PyList>()
            .is_some_and(|l| l.borrow_vec().iter().all(|x| read(x).is_some()));
        if !all {
            unsafe { *status = 1 };
        }
        0
    }

    unsafe extern "C" fn kiln_list_every_float(list: i64, status: *mut i64) -> i64 {
        unsafe { every(list, status, python_float) }
    }

    unsafe extern "C" fn kiln_list_every_int(list: i64, status: *mut i64) -> i64 {
        unsafe { every(list, status, python_int) }
    }

    unsafe extern "C" fn kiln_list_every_bool(list: i64, status: *mut i64) -> i64 {
        unsafe { every(list, status, python_bool) }
    }

    unsafe extern "C" fn kiln_list_every_np_float64(list: i64, status: *mut i64) -> i64 {
        unsafe { every(list, status, |x| numpy(x, true)) }
    }

    unsafe extern "C" fn kiln_list_every_np_int64(list: i64, status: *mut i64) -> i64 {
        unsafe { every(list, status, |x| numpy(x, false)) }
    }

    /// Whether every item of `list` is of the kind compiled code reads it as.
    pub(in crate::sites) fn every_item(list: &PyObjectRef, kind: ListItems) -> bool {
        let mut status = 0i64;
        let f = match kind {
            ListItems::Float => kiln_list_every_float,
            ListItems::Int => kiln_list_every_int,
            ListItems::Bool => kiln_list_every_bool,
            ListItems::NpFloat64 => kiln_list_every_np_float64,
            ListItems::NpInt64 => kiln_list_every_np_int64,
        };
        // SAFETY: `list` is held by the caller.
        unsafe {
            f(
                list.as_object() as *const PyObject as usize as i64,
                &mut status,
            )
        };
        status == 0
    }

    unsafe extern "C" fn kiln_list_bool(list: i64, index: i64, status: *mut i64) -> i64 {
        unsafe { item(list, index, status, python_bool) }
    }

    unsafe extern "C" fn kiln_list2_bool(list: i64, i: i64, k: i64, status: *mut i64) -> i64 {
        unsafe { item2(list, i, k, status, python_bool) }
    }

    unsafe extern "C" fn kiln_list2_float(list: i64, i: i64, k: i64, status: *mut i64) -> i64 {
        unsafe { item2(list, i, k, status, python_float) }
    }

    unsafe extern "C" fn kiln_list2_int(list: i64, i: i64, k: i64, status: *mut i64) -> i64 {
        unsafe { item2(list, i, k, status, python_int) }
    }

    unsafe extern "C" fn kiln_list2_np_float64(list: i64, i: i64, k: i64, status: *mut i64) -> i64 {
        unsafe { item2(list, i, k, status, |x| numpy(x, true)) }
    }

    unsafe extern "C" fn kiln_list2_np_int64(list: i64, i: i64, k: i64, status: *mut i64) -> i64 {
        unsafe { item2(list, i, k, status, |x| numpy(x, false)) }
    }

    /// The item `index` (Python's way: from the end where negative) of the list at
    /// `list`, read by `read`; the status is set where there is none or `read` refuses.
    ///
    /// # Safety
    /// `list` is a live list object, held by a variable of the running nest.
    unsafe fn item(
        list: i64,
        index: i64,
        status: *mut i64,
        read: impl Fn(&PyObject) -> Option<u64>,
    ) -> i64 {
        let object = unsafe { &*(list as usize as *const PyObject) };
        let bits = object.downcast_ref::<PyList>().and_then(|l| {
            let items = l.borrow_vec();
            let at = if index < 0 {
                index + items.len() as i64
            } else {
                index
            };
            let item = usize::try_from(at).ok().and_then(|at| items.get(at))?;
            read(item.as_object())
        });
        match bits {
            Some(bits) => bits as i64,
            None => {
                unsafe { *status = 1 };
                0
            }
        }
    }

    /// Puts `value` at the end of the list at `list` (a live list object, held by a
    /// variable of the running nest).
    unsafe fn append(list: i64, value: rustpython_vm::PyObjectRef) -> i64 {
        let object = unsafe { &*(list as usize as *const PyObject) };
        if let Some(l) = object.downcast_ref::<PyList>() {
            l.borrow_vec_mut().push(value);
        }
        1
    }

    unsafe extern "C" fn kiln_list_append_float(list: i64, bits: i64) -> i64 {
        let ctx = rustpython_vm::Context::genesis();
        unsafe { append(list, ctx.new_float(f64::from_bits(bits as u64)).into()) }
    }

    unsafe extern "C" fn kiln_list_append_int(list: i64, value: i64) -> i64 {
        let ctx = rustpython_vm::Context::genesis();
        unsafe { append(list, ctx.new_int(value).into()) }
    }

    /// A numpy scalar of `dtype`, made as the interpreter's numpy makes it.
    fn numpy_scalar(dtype: DType, element: Element) -> Option<rustpython_vm::PyObjectRef> {
        rustpython_vm::vm::thread::with_current_vm(|vm| scalar_to_py(vm, dtype, element).ok())
    }

    unsafe extern "C" fn kiln_list_append_np_float64(list: i64, bits: i64) -> i64 {
        match numpy_scalar(DType::Float64, Element::Float(f64::from_bits(bits as u64))) {
            Some(x) => unsafe { append(list, x) },
            None => 0,
        }
    }

    unsafe extern "C" fn kiln_list_append_np_int64(list: i64, value: i64) -> i64 {
        match numpy_scalar(DType::Int64, Element::Int(value)) {
            Some(x) => unsafe { append(list, x) },
            None => 0,
        }
    }

    /// The row `index` (Python's way) of the list of rows at `list`, as a pointer
    /// the list of rows holds; the status set where there is none or it is no list.
    unsafe extern "C" fn kiln_list_row(list: i64, index: i64, status: *mut i64) -> i64 {
        unsafe {
            item(list, index, status, |row| {
                row.downcast_ref::<PyList>()
                    .map(|_| row as *const PyObject as usize as u64)
            })
        }
    }

    /// The length of the row `index` (Python's way) of the list of rows at `list`; the
    /// status set where there is no such item or it is no list.
    unsafe extern "C" fn kiln_list_row_len(list: i64, index: i64, status: *mut i64) -> i64 {
        unsafe {
            item(list, index, status, |row| {
                row.downcast_ref::<PyList>()
                    .map(|r| r.borrow_vec().len() as u64)
            })
        }
    }

    /// The length of the list at `list` now.
    unsafe extern "C" fn kiln_list_len(list: i64) -> i64 {
        let object = unsafe { &*(list as usize as *const PyObject) };
        object
            .downcast_ref::<PyList>()
            .map_or(0, |l| l.borrow_vec().len() as i64)
    }

    unsafe extern "C" fn kiln_list_float(list: i64, index: i64, status: *mut i64) -> i64 {
        unsafe { item(list, index, status, python_float) }
    }

    unsafe extern "C" fn kiln_list_int(list: i64, index: i64, status: *mut i64) -> i64 {
        unsafe { item(list, index, status, python_int) }
    }

    fn numpy(x: &PyObject, float: bool) -> Option<u64> {
        rustpython_vm::vm::thread::with_current_vm(|vm| {
            let x = x.to_owned();
            match scalar_element(vm, &x).ok()?? {
                (Element::Float(f), Strength::Strong(DType::Float64)) if float => Some(f.to_bits()),
                (Element::Int(v), Strength::Strong(DType::Int64)) if !float => Some(v as u64),
                _ => None,
            }
        })
    }

    unsafe extern "C" fn kiln_list_np_float64(list: i64, index: i64, status: *mut i64) -> i64 {
        unsafe { item(list, index, status, |x| numpy(x, true)) }
    }

    unsafe extern "C" fn kiln_list_np_int64(list: i64, index: i64, status: *mut i64) -> i64 {
        unsafe { item(list, index, status, |x| numpy(x, false)) }
    }
}
