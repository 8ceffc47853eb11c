//! Entering compiled code from a running frame, and coming back.
//!
//! When a site is entered (or gets hot during an iteration of its loop), the variables
//! the nest names are read from the running frame and classified ([`Ty`]): that list is
//! the specialisation key and, checked on every entry, the guard. A site keeps up to
//! [`MAX_SPECS`] specialisations; a key that fails to compile is remembered with its
//! reason and not tried again; past that, the site stays interpreted. After the run the
//! assigned variables are boxed from the frame as the interpreter would have made them
//! (a Python float, an `np.float64`...) and handed to the rewritten code as an
//! [`Outcome`].

use super::Site;
use super::attributes::{Lookup, ReceiverAttributes, plain_attribute};
use super::guards::{Guard, check_assumptions, generator_of, guards_hold};
use super::inline::inline_calls;
use super::objects::InlinedColumns;
use super::splice::Splice;
use kiln_jit::CompiledNest;
use kiln_jit::backend::cpu::threads::ParallelRun;
use kiln_jit::frame::{ORIGIN_ENTRY, ORIGIN_FRESH, ROOT_CUR, ROOT_STEP, ROOT_STOP};
use kiln_jit::types::{ArrayTy, Dtype, Scalar, Ty};
use kiln_stdlib::numpy::DType;
use kiln_stdlib::numpy::format::Element;
use kiln_stdlib::numpy::python::convert::{Strength, scalar_element, scalar_to_py};
use kiln_stdlib::numpy::python::ndarray::PyNdArray;
use rustpython_vm::builtins::{PyComplex, PyFloat, PyInt};
use rustpython_vm::frame::FrameObject;
use rustpython_vm::function::ArgMapping;
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};
use std::collections::HashMap;
use std::sync::Arc;

/// Specialisations a site keeps before it stays interpreted.
pub const MAX_SPECS: usize = 4;

/// What the report shows of a site, and its compiled code.
#[derive(Default)]
pub struct SiteState {
    pub specs: Vec<Spec>,
    /// Keys that did not compile, with the reason.
    pub failed: Vec<(Vec<Ty>, String)>,
    /// Entries into compiled code: at the loop's start, and on-stack from the
    /// interpreter mid-loop.
    pub entries: u64,
    pub osr_entries: u64,
    /// Entries where no specialisation matched the types seen (a guard failure).
    pub guard_failures: u64,
    /// Runs that handed a statement back to the interpreter.
    pub deopts: u64,
    /// Why the site is interpreted now, if it is.
    pub reason: Option<String>,
    /// The objects the nest's assumed names held when they last checked out: the
    /// same objects again need no new check (which imports each module named).
    pub assumed_held: Vec<PyObjectRef>,
    /// A key with lists copied on entry did not compile: lists are read in place from
    /// then on (`list_copies`), as before copies were taken.
    pub no_list_copies: bool,
}

pub struct Spec {
    pub key: Vec<Ty>,
    /// The user functions it inlined, which must still be the ones the names give.
    pub guards: Vec<Guard>,
    pub code: Arc<CompiledNest>,
    /// The callees spliced into it, for resuming inside one.
    pub splices: Arc<Vec<Splice>>,
    /// The attributes of the objects whose methods it spliced (`acc.n`).
    pub receivers: Arc<ReceiverAttributes>,
    /// The columns of the methods of a list's objects it inlined (`p.move(dt)`).
    pub(super) inlined_columns: Option<Arc<InlinedColumns>>,
    pub entries: u64,
    pub deopts: u64,
    /// How its entries went in tier 2.
    pub parallel: ParallelRuns,
}

/// A specialisation's entries as tier 2 saw them.
#[derive(Default, Debug, Clone)]
pub struct ParallelRuns {
    /// Entries that ran on several threads, and on how many at most.
    pub runs: u64,
    pub threads: usize,
    /// Entries whose parallel run a chunk's hand-back undid (then run serially).
    pub undone: u64,
    /// Why the last entry that ran serially did.
    pub serial: Option<String>,
    /// The first value of the outer variable of parallel runs (the first few).
    pub starts: Vec<i64>,
}

impl ParallelRuns {
    fn note(&mut self, run: ParallelRun, start: i64) {
        match run {
            ParallelRun::Ran { threads, .. } => {
                self.runs += 1;
                self.threads = self.threads.max(threads);
                if self.starts.len() < 16 && !self.starts.contains(&start) {
                    self.starts.push(start);
                }
            }
            ParallelRun::Undone | ParallelRun::Resumed { .. } | ParallelRun::Stopped { .. } => {
                self.undone += 1
            }
            ParallelRun::Serial(why) => self.serial = Some(why),
            // Counted by the nest's `Offload`.
            ParallelRun::OnDevice => {}
        }
    }
}

/// The result of a compiled run, for the rewritten code's write-back and resume.
#[derive(Debug)]
pub struct Outcome {
    /// The nest's assigned variables, in `Nest::assigned` order (`None`: unbound).
    pub values: Vec<Option<PyObjectRef>>,
    /// [`kiln_jit::FINISHED`], [`kiln_jit::BROKE`], a `return`'s code
    /// (`kiln_jit::ir::Returned::code`) or the point to resume at.
    pub point: i64,
    /// The state of each `for` loop that was running, by point: next value, stop, step.
    pub loops: HashMap<u32, (i64, i64, i64)>,
    /// What the interpreter's signal check raised for an interrupt that came while
    /// compiled code ran (KeyboardInterrupt, or a handler's exception).
    pub interrupt: Option<rustpython_vm::builtins::PyBaseExceptionRef>,
    /// How many iterations of the site's own loop compiled code completed before it
    /// stopped at `point` (what `_kiln_jit.again` decides the wait by).
    pub progress: u64,
}

/// The variables of a frame, read as Python would resolve the names.
///
/// A function's variables are read one name at a time through its `f_locals` proxy
/// (each read scans the code's local names, comparing cached hashes): a snapshot of
/// all of them as a dict, which `frame.locals()` makes, cost more than the rest of
/// an entry into compiled code together (a dict built and freed per entry).
pub(super) struct FrameVars {
    frame: rustpython_vm::PyRef<FrameObject>,
    locals: Locals,
}

/// Where a frame's own names are found.
enum Locals {
    /// A function's fast locals, through its `f_locals` proxy.
    Fast(PyObjectRef),
    /// A module's or class body's mapping.
    Mapping(ArgMapping),
}

impl FrameVars {
    fn new(vm: &VirtualMachine) -> PyResult<Option<FrameVars>> {
        let Some(frame) = vm.current_frame() else {
            return Ok(None);
        };
        let optimized = frame
            .iframe()
            .code()
            .code
            .flags
            .contains(rustpython_vm::bytecode::CodeFlags::OPTIMIZED);
        let locals = if optimized {
            Locals::Fast(frame.f_locals(vm)?)
        } else {
            Locals::Mapping(frame.locals(vm)?)
        };
        Ok(Some(FrameVars { frame, locals }))
    }

    /// The object a name refers to here, or `None` when it is unbound. A dotted name
    /// (`self.n`) is an attribute read: see [`plain_attribute`].
    fn get(&self, name: &str, vm: &VirtualMachine) -> PyResult<Option<Lookup>> {
        let mut parts = name.split('.');
        let base = parts.next().expect("split yields one part");
        let Some(mut obj) = self.get_name(base, vm)? else {
            return Ok(None);
        };
        for attr in parts {
            match plain_attribute(&obj, attr, vm)? {
                Lookup::Found(value) => obj = value,
                other => return Ok(Some(other)),
            }
        }
        Ok(Some(Lookup::Found(obj)))
    }

    /// The object a name or attribute path gives here, if it is bound and plain.
    pub(super) fn object(&self, path: &str, vm: &VirtualMachine) -> PyResult<Option<PyObjectRef>> {
        Ok(match self.get(path, vm)? {
            Some(Lookup::Found(obj)) => Some(obj),
            _ => None,
        })
    }

    /// The object a name or attribute path gives here, or why it gives none that
    /// compiled code can hold (unbound, or an attribute whose read could run code).
    pub(super) fn lookup(
        &self,
        path: &str,
        vm: &VirtualMachine,
    ) -> PyResult<Result<PyObjectRef, String>> {
        Ok(match self.get(path, vm)? {
            Some(Lookup::Found(obj)) => Ok(obj),
            Some(Lookup::NotPlain(why)) => Err(why),
            None => Err("not set".into()),
        })
    }

    /// Whether `name` (a variable of the running loop's) holds an ndarray compiled code
    /// takes.
    pub(super) fn holds_array(&self, name: &str, vm: &VirtualMachine) -> PyResult<bool> {
        Ok(match self.get(name, vm)? {
            Some(Lookup::Found(obj)) => matches!(classify(vm, &obj)?, Entry::Array(..)),
            _ => false,
        })
    }

    pub(super) fn get_name(
        &self,
        name: &str,
        vm: &VirtualMachine,
    ) -> PyResult<Option<PyObjectRef>> {
        match &self.locals {
            // A function's own variable is its slot's value, or unbound: never looked
            // for among the globals.
            Locals::Fast(proxy) => {
                let code = &self.frame.iframe().code().code;
                if let Some(key) = code
                    .varnames
                    .iter()
                    .chain(code.cellvars.iter())
                    .chain(code.freevars.iter())
                    .find(|n| n.as_str() == name)
                {
                    return Ok(proxy.get_item(key.as_object(), vm).ok());
                }
            }
            // A module's or class body's own names.
            Locals::Mapping(locals) => {
                if let Some(v) = mapping_item(locals.as_object(), name, vm)? {
                    return Ok(Some(v));
                }
            }
        }
        let frame = self.frame.iframe();
        if let Some(v) = frame.globals().get_item_opt(name, vm)? {
            return Ok(Some(v));
        }
        mapping_item(frame.builtins(), name, vm)
    }
}

/// `mapping[name]`, or `None` where it has no such key: a plain dict answers without
/// raising a KeyError for each name that is not there (the globals, the builtins).
fn mapping_item(
    mapping: &rustpython_vm::PyObject,
    name: &str,
    vm: &VirtualMachine,
) -> PyResult<Option<PyObjectRef>> {
    match mapping.downcast_ref::<rustpython_vm::builtins::PyDict>() {
        Some(dict) if mapping.class().is(vm.ctx.types.dict_type) => dict.get_item_opt(name, vm),
        _ => Ok(mapping.get_item(name, vm).ok()),
    }
}

/// A variable's value, classified for the key, and what goes into its frame slots.
#[derive(Clone)]
pub(super) enum Entry {
    Scalar(Scalar, u64),
    /// A Python complex or a complex128: its type and its parts' bits (compiled code
    /// holds the parts in two variables, `CompiledNest::complex_parts`).
    Complex(Scalar, u64, u64),
    /// The type, the frame slots, and the address of the buffer behind the array.
    Array(ArrayTy, Vec<u64>, usize),
    /// A list of numbers as compiled code reads it (`kiln_jit::lists`): its type, and
    /// its frame slots, the first of which is the list object.
    List(ArrayTy, Vec<u64>),
    Unbound,
    Other(String),
}

impl Entry {
    /// The type the entry gives its variable in a specialisation's key.
    pub(super) fn ty(&self) -> Ty {
        match self {
            Entry::Scalar(s, _) | Entry::Complex(s, _, _) => Ty::Scalar(*s),
            Entry::Array(a, _, _) | Entry::List(a, _) => Ty::Array(*a),
            Entry::Unbound => Ty::Unbound,
            Entry::Other(what) => Ty::Other(what.clone()),
        }
    }
}

pub(super) fn classify(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<Entry> {
    let types = &vm.ctx.types;
    let class = obj.class();
    if class.is(types.bool_type) {
        return Ok(Entry::Scalar(
            Scalar::Bool,
            obj.is(&vm.ctx.true_value) as u64,
        ));
    }
    if class.is(types.int_type) {
        let int = obj.downcast_ref::<PyInt>().expect("an int");
        return Ok(match int.try_to_primitive::<i64>(vm) {
            Ok(v) => Entry::Scalar(Scalar::Int, v as u64),
            Err(_) => Entry::Other("an int beyond 64 bits".into()),
        });
    }
    if class.is(types.float_type) {
        let f = obj.downcast_ref::<PyFloat>().expect("a float").to_f64();
        return Ok(Entry::Scalar(Scalar::Float, f.to_bits()));
    }
    if class.is(types.complex_type) {
        let c = obj
            .downcast_ref::<PyComplex>()
            .expect("a complex")
            .to_complex64();
        return Ok(Entry::Complex(
            Scalar::Complex,
            c.re.to_bits(),
            c.im.to_bits(),
        ));
    }
    if let Some(array) = obj.downcast_ref::<PyNdArray>() {
        let a = &array.array;
        let Some(dtype) = jit_dtype(a.dtype) else {
            return Ok(Entry::Other(format!("a {} array", a.dtype.name())));
        };
        let itemsize = dtype.size() as isize;
        let ndim = a.shape.len();
        let unit_inner = ndim > 0 && a.strides[ndim - 1] == itemsize;
        let data = unsafe { a.buffer.as_ptr().offset(a.offset) } as u64;
        let mut slots = vec![data];
        slots.extend(a.shape.iter().map(|s| *s as u64));
        // A complex128 array is described as the float64 array of its parts
        // (`kiln_jit::complex`): a last axis of two, one float64 apart.
        let complex = dtype == Dtype::C128;
        if complex {
            slots.push(2);
        }
        slots.extend(a.strides.iter().map(|s| *s as i64 as u64));
        if complex {
            slots.push(8);
        }
        let ty = ArrayTy {
            dtype,
            ndim: ndim as u32,
            unit_inner,
            // Settled once every variable is classified (`mark_own_buffers`).
            own_buffer: false,
            list: None,
            copied: false,
        };
        return Ok(Entry::Array(ty, slots, a.buffer.as_ptr() as usize));
    }
    if let Some(list) = super::lists::number_list(vm, obj)? {
        return Ok(list);
    }
    if let Some((element, strength)) = scalar_element(vm, obj)? {
        let Strength::Strong(dtype) = strength else {
            return Ok(Entry::Other(format!("a {}", class.name())));
        };
        let Some(d) = jit_dtype(dtype) else {
            return Ok(Entry::Other(format!("a numpy {}", dtype.name())));
        };
        if let Element::Complex(re, im) = element {
            return Ok(Entry::Complex(Scalar::Np(d), re.to_bits(), im.to_bits()));
        }
        let bits = match element {
            Element::Bool(b) => b as u64,
            Element::Int(v) => v as u64,
            Element::UInt(v) if v <= i64::MAX as u64 => v,
            Element::Float(f) if d == Dtype::F32 => (f as f32).to_bits() as u64,
            Element::Float(f) => f.to_bits(),
            _ => return Ok(Entry::Other(format!("a numpy {}", dtype.name()))),
        };
        return Ok(Entry::Scalar(Scalar::Np(d), bits));
    }
    Ok(Entry::Other(format!("a {}", class.name())))
}

/// Marks the arrays whose buffer no other array variable of the nest uses: compiled
/// code may take one that the nest never stores to as constant while it runs.
fn mark_own_buffers(entries: &mut [Entry]) {
    let mut users = std::collections::HashMap::<usize, usize>::new();
    for entry in entries.iter() {
        if let Entry::Array(_, _, buffer) = entry {
            *users.entry(*buffer).or_default() += 1;
        }
    }
    for entry in entries.iter_mut() {
        if let Entry::Array(ty, _, buffer) = entry {
            ty.own_buffer = users[buffer] == 1;
        }
    }
}

/// The ndarray a nest made for `var` in its own memory (`t = u.copy()` in the loop):
/// a copy of that C-contiguous memory, made once when the nest exits.
fn fresh_array(
    vm: &VirtualMachine,
    layout: &kiln_jit::frame::Layout,
    var: kiln_jit::ir::Var,
    frame: &[u64],
) -> PyResult<PyObjectRef> {
    use kiln_stdlib::numpy::multiarray::NdArray;
    let (slot, ty) = layout.array(var).expect("a descriptor");
    let shape: Vec<usize> = (0..ty.ndim as usize)
        .map(|k| frame[slot + 1 + k] as usize)
        .collect();
    let dtype = numpy_dtype(ty.dtype);
    let bytes = shape.iter().product::<usize>() * ty.dtype.size() as usize;
    let data = frame[slot] as *mut u8;
    // The nest's buffer itself where it is the whole of one: no copy.
    if let Some(memory) = kiln_jit::runtime::take_scratch(data) {
        if memory.bytes() >= bytes
            && let Some(ptr) = std::ptr::NonNull::new(data)
        {
            // SAFETY: `memory` is the allocation at `data`, of at least `bytes` bytes,
            // and the buffer owns it from now on (moving a Vec keeps its heap memory
            // where it is); nothing else writes it.
            let buffer = unsafe {
                kiln_stdlib::numpy::multiarray::buffer::Buffer::adopted(
                    ptr,
                    bytes,
                    Box::new(memory),
                )
            };
            let a = NdArray {
                buffer: std::sync::Arc::new(buffer),
                dtype,
                strides: kiln_stdlib::numpy::multiarray::array::c_strides(&shape, dtype.itemsize()),
                shape,
                offset: 0,
            };
            return Ok(PyNdArray::from(a).into_py(vm));
        }
        return copied_array(vm, dtype, &shape, memory.as_ptr(), bytes);
    }
    copied_array(vm, dtype, &shape, data, bytes)
}

/// A new array of `shape` holding a copy of the `bytes` bytes at `data`.
fn copied_array(
    vm: &VirtualMachine,
    dtype: DType,
    shape: &[usize],
    data: *const u8,
    bytes: usize,
) -> PyResult<PyObjectRef> {
    use kiln_stdlib::numpy::multiarray::NdArray;
    let a = NdArray::zeros(dtype, shape)
        .map_err(|e| kiln_stdlib::numpy::python::errors::array_error(vm, e))?;
    // SAFETY: the caller's `data` is compiled code's C-contiguous memory of this shape
    // and dtype, alive until the next compiled run on this thread.
    unsafe { std::ptr::copy_nonoverlapping(data, a.buffer.as_mut_ptr(), bytes) };
    Ok(PyNdArray::from(a).into_py(vm))
}

fn jit_dtype(d: DType) -> Option<Dtype> {
    Some(match d {
        DType::Bool => Dtype::Bool,
        DType::Int8 => Dtype::I8,
        DType::Int16 => Dtype::I16,
        DType::Int32 => Dtype::I32,
        DType::Int64 => Dtype::I64,
        DType::UInt8 => Dtype::U8,
        DType::UInt16 => Dtype::U16,
        DType::UInt32 => Dtype::U32,
        DType::UInt64 => Dtype::U64,
        DType::Float32 => Dtype::F32,
        DType::Float64 => Dtype::F64,
        DType::Complex128 => Dtype::C128,
    })
}

fn numpy_dtype(d: Dtype) -> DType {
    match d {
        Dtype::Bool => DType::Bool,
        Dtype::I8 => DType::Int8,
        Dtype::I16 => DType::Int16,
        Dtype::I32 => DType::Int32,
        Dtype::I64 => DType::Int64,
        Dtype::U8 => DType::UInt8,
        Dtype::U16 => DType::UInt16,
        Dtype::U32 => DType::UInt32,
        Dtype::U64 => DType::UInt64,
        Dtype::F32 => DType::Float32,
        Dtype::F64 => DType::Float64,
        Dtype::C128 => DType::Complex128,
    }
}

/// The variable holding the imaginary part of the complex variable `var`, if it is one.
fn imaginary_part(code: &CompiledNest, var: kiln_jit::ir::Var) -> Option<kiln_jit::ir::Var> {
    code.complex_parts
        .iter()
        .find(|(v, _)| *v == var)
        .map(|(_, imag)| *imag)
}

/// Runs the site's loop as compiled code from `start` (to `stop` by `step` for a `for`
/// site), if the site has or can make code for the types in the frame. `None`: the
/// interpreter runs it.
pub fn run(
    vm: &VirtualMachine,
    site: &Site,
    bounds: (i64, i64, i64),
    osr: bool,
) -> PyResult<Option<Outcome>> {
    // An outcome left for a spliced callee that its call did not take is stale now.
    super::splice::clear_pending();
    let Ok(nest) = &site.nest else {
        return Ok(None);
    };
    // A trace or profile function sees every line: compiled code would hide them.
    if !vm.is_none(&vm.trace_func.borrow()) || !vm.is_none(&vm.profile_func.borrow()) {
        return Ok(None);
    }
    let Some(vars) = FrameVars::new(vm)? else {
        return Ok(None);
    };
    // A variable the nest assigns before any read (the site's own loop variable, an
    // inner loop's, a temporary) is no part of the key: what it held on entry, say
    // from the iterations before an on-stack entry, changes nothing compiled code does,
    // and is kept by the write-back if the nest never assigns it.
    let mut key = Vec::with_capacity(nest.vars.len());
    let mut entries = Vec::with_capacity(nest.vars.len());
    let mut objects = Vec::with_capacity(nest.vars.len());
    let columns = &site.item_attributes;
    for (var, data) in nest.vars.iter() {
        // An attribute of a list's objects is its column, made below.
        if columns.iter().any(|c| c.var == var) {
            objects.push(None);
            entries.push(Entry::Unbound);
            continue;
        }
        let (obj, entry) = match vars.get(&data.name, vm)? {
            Some(Lookup::Found(obj)) if !site.exposed[var.as_u32() as usize] => {
                (Some(obj), Entry::Unbound)
            }
            Some(Lookup::Found(obj)) => {
                let entry = classify(vm, &obj)?;
                (Some(obj), entry)
            }
            Some(Lookup::NotPlain(why)) => (None, Entry::Other(why)),
            None => (None, Entry::Unbound),
        };
        objects.push(obj);
        entries.push(entry);
    }
    // Lists (and stored attribute columns) copied on entry, unless copies failed to
    // compile here before.
    let no_copies = site
        .state
        .lock()
        .expect("site state poisoned")
        .no_list_copies;
    let wanted = super::objects::Wanted {
        attributes: columns,
        compared: &site.compared_lists,
        copy_stored: !no_copies,
    };
    let mut columns =
        super::objects::Columns::new(nest, &wanted, &mut objects, &mut entries, &vars, vm)?;
    if let Err(reason) = site.attributes.check(&vars, vm)? {
        site.state.lock().expect("site state poisoned").reason = Some(reason);
        return Ok(None);
    }
    // Lists the nest only subscripts, copied into buffers held for the run (and the
    // numbers it stores written back after it).
    let copies = match no_copies {
        true => Default::default(),
        false => {
            super::list_copies::make(nest, &site.list_copies, &objects, &mut entries, bounds, vm)
        }
    };
    mark_own_buffers(&mut entries);
    key.extend(entries.iter().map(Entry::ty));

    if let Some(reason) = super::lists::root_items_mixed(nest, &key, &objects) {
        site.state.lock().expect("site state poisoned").reason = Some(reason);
        return Ok(None);
    }

    // Names the nest takes for modules and builtins are checked on every entry: code
    // compiled for `math.sqrt` must not run once `math` is something else.
    let resolve = |name: &str| vars.get_name(name, vm);
    if !nest.assumed.is_empty() {
        let held = nest
            .assumed
            .iter()
            .map(|a| resolve(&a.name))
            .collect::<PyResult<Option<Vec<_>>>>()?;
        let unchanged = {
            let state = site.state.lock().expect("site state poisoned");
            held.as_ref().is_some_and(|held| {
                held.len() == state.assumed_held.len()
                    && held.iter().zip(&state.assumed_held).all(|(a, b)| a.is(b))
            })
        };
        if !unchanged {
            if let Err(reason) = check_assumptions(&nest.assumed, &resolve, vm)? {
                site.state.lock().expect("site state poisoned").reason = Some(reason);
                return Ok(None);
            }
            site.state.lock().expect("site state poisoned").assumed_held = held.unwrap_or_default();
        }
    }
    // Array statements are compiled for numpy's floating-point errors only warning or
    // not (they store before reading the flags only where nothing can stop them half
    // way): asked only where there are arrays and code compiled for one answer or to
    // be compiled (the question imports `warnings` and reads its filters).
    let has_arrays = key.iter().any(|t| matches!(t, Ty::Array(_)));
    let quiet_fp = || match has_arrays {
        true => kiln_stdlib::numpy::python::errors::fp_errors_only_warn(vm),
        false => Ok(true),
    };
    let fp_dependent = {
        let state = site.state.lock().expect("site state poisoned");
        state
            .specs
            .iter()
            .any(|s| s.key == key && s.code.depends_on_fp_errors)
    };
    let quiet_now = if fp_dependent {
        Some(quiet_fp()?)
    } else {
        None
    };
    type Candidate = (
        Arc<CompiledNest>,
        Vec<Guard>,
        Arc<Vec<Splice>>,
        Arc<ReceiverAttributes>,
        Option<Arc<InlinedColumns>>,
    );
    let candidates: Vec<Candidate> = {
        let state = site.state.lock().expect("site state poisoned");
        state
            .specs
            .iter()
            .filter(|s| {
                s.key == key && (!s.code.depends_on_fp_errors || Some(s.code.quiet_fp) == quiet_now)
            })
            .map(|s| {
                let (code, guards) = (s.code.clone(), s.guards.clone());
                let inlined = s.inlined_columns.clone();
                (
                    code,
                    guards,
                    s.splices.clone(),
                    s.receivers.clone(),
                    inlined,
                )
            })
            .collect()
    };
    let mut chosen = None;
    for (code, guards, splices, receivers, inlined) in candidates {
        if !guards_hold(&guards, &vars, vm)? {
            continue;
        }
        // The columns of its inlined methods, with the types it was compiled for.
        let mut made = None;
        if let Some(ic) = &inlined {
            let (mut o, mut e) = (objects.clone(), entries.clone());
            let c = ic.make(&mut o, &mut e, &vars, vm)?;
            if !ic.fit(&e) {
                continue;
            }
            made = Some((o, e, c));
        }
        if let Some(read) = receivers.read(&entries, &vars, vm)? {
            if let Some((o, e, c)) = made {
                (objects, entries, columns) = (o, e, c);
            }
            chosen = Some((code, splices, receivers, read, inlined));
            break;
        }
    }
    let (code, splices, receivers, received, inlined) = match chosen {
        Some((code, splices, receivers, read, inlined)) => {
            let mut state = site.state.lock().expect("site state poisoned");
            if let Some(spec) = state.specs.iter_mut().find(|s| Arc::ptr_eq(&s.code, &code)) {
                spec.entries += 1;
            }
            (code, splices, receivers, read, inlined)
        }
        None => {
            {
                let mut state = site.state.lock().expect("site state poisoned");
                if !state.specs.is_empty() {
                    state.guard_failures += 1;
                }
                if state.failed.iter().any(|(k, _)| *k == key) {
                    return Ok(None);
                }
                if state.specs.len() >= MAX_SPECS {
                    state.reason = Some(format!(
                        "it was seen with more than {MAX_SPECS} sets of types"
                    ));
                    return Ok(None);
                }
            }
            let quiet = match quiet_now {
                Some(quiet) => quiet,
                None => quiet_fp()?,
            };
            let compiled = match inline_calls(nest, &vars, vm)? {
                Ok((_, guards, ..)) if let Err(two) = generator_of(&guards, &vars, vm)? => Err(two),
                Ok((expanded, guards, splices, extra)) => {
                    let inlined = InlinedColumns::new(&expanded, &site.item_attributes);
                    if let Some(ic) = &inlined {
                        columns = ic.make(&mut objects, &mut entries, &vars, vm)?;
                    }
                    match ReceiverAttributes::new(&expanded, nest, &extra, &entries, &vars, vm)? {
                        Ok((receivers, read)) => {
                            let mut full_key = key.clone();
                            full_key.resize(expanded.vars.len(), Ty::Unbound);
                            receivers.complete_key(&mut full_key);
                            // A list whose objects only the expanded nest runs over (a
                            // spliced callee's `for p in ps`) is typed by the columns
                            // made for it; the key its entries are matched by keeps
                            // what the site's own classification gave.
                            if inlined.is_some() {
                                for (k, e) in entries.iter().enumerate().take(key.len()) {
                                    full_key[k] = e.ty();
                                }
                            }
                            let inlined = inlined.map(|mut ic| {
                                for (v, ty) in &mut ic.extra {
                                    *ty = entries[v.as_u32() as usize].ty();
                                    full_key[v.as_u32() as usize] = ty.clone();
                                }
                                Arc::new(ic)
                            });
                            kiln_jit::compile(&expanded, &full_key, quiet).map(|code| {
                                let (splices, receivers) = (Arc::new(splices), Arc::new(receivers));
                                (code, guards, splices, receivers, read, inlined)
                            })
                        }
                        Err(reason) => Err(reason),
                    }
                }
                Err(reason) => Err(reason),
            };
            let mut state = site.state.lock().expect("site state poisoned");
            match compiled {
                Ok((code, guards, splices, receivers, read, inlined)) => {
                    kiln_jit::backend::gpu::dump_kernels(&code, &site.file);
                    let code = Arc::new(code);
                    state.specs.push(Spec {
                        key,
                        guards,
                        code: code.clone(),
                        splices: splices.clone(),
                        receivers: receivers.clone(),
                        inlined_columns: inlined.clone(),
                        entries: 1,
                        deopts: 0,
                        parallel: ParallelRuns::default(),
                    });
                    state.reason = None;
                    (code, splices, receivers, read, inlined)
                }
                Err(reason) => {
                    // Copies the typing refused (a number of another kind stored into
                    // one): from the next entry on, lists are read in place.
                    if key.iter().any(|t| matches!(t, Ty::Array(a) if a.copied)) {
                        state.no_list_copies = true;
                    }
                    state.failed.push((key, reason.clone()));
                    state.reason = Some(reason);
                    return Ok(None);
                }
            }
        }
    };

    // The generator its draws come from, in this frame (resolved out of the lock).
    let draws: Vec<Guard> = {
        let state = site.state.lock().expect("site state poisoned");
        let spec = state.specs.iter().find(|s| Arc::ptr_eq(&s.code, &code));
        spec.map_or_else(Vec::new, |s| {
            s.guards.iter().filter(|g| g.is_draw()).cloned().collect()
        })
    };
    let generator = match generator_of(&draws, &vars, vm)? {
        Ok(generator) => generator,
        Err(reason) => {
            site.state.lock().expect("site state poisoned").reason = Some(reason);
            return Ok(None);
        }
    };
    // Lists read in place and generators drawn from without their locks, only while
    // this is the one thread.
    if code.one_thread && vm.state.thread_frames.lock().len() > 1 {
        let mut state = site.state.lock().expect("site state poisoned");
        if let Some(spec) = state.specs.iter_mut().find(|s| Arc::ptr_eq(&s.code, &code)) {
            spec.entries = spec.entries.saturating_sub(1);
        }
        state.reason = Some(
            "another thread runs: lists read in place and draws (without their locks) need \
             the only one"
                .into(),
        );
        return Ok(None);
    }
    let layout = &code.layout;
    let mut frame = vec![0u64; layout.len()];
    frame[ROOT_CUR] = bounds.0 as u64;
    frame[ROOT_STOP] = bounds.1 as u64;
    frame[ROOT_STEP] = bounds.2 as u64;
    // The nest's own variables, then the attributes of spliced methods' objects.
    let mut objects = objects;
    if let Some(last) = received.iter().map(|(v, _, _)| v.as_u32() as usize).max() {
        objects.resize(objects.len().max(last + 1), None);
    }
    let own = nest.vars.keys().zip(&entries);
    let received_entries = received.iter().map(|(var, obj, entry)| {
        objects[var.as_u32() as usize] = obj.clone();
        (*var, entry)
    });
    let received_entries: Vec<_> = received_entries.collect();
    // The columns of inlined methods of a list's objects (`p.vy` of `p.move(dt)`).
    let column_entries = inlined
        .iter()
        .flat_map(|ic| ic.extra.iter())
        .map(|(var, _)| (*var, &entries[var.as_u32() as usize]));
    for (var, entry) in own.chain(received_entries).chain(column_entries) {
        let slot = layout.var(var);
        match entry {
            Entry::Scalar(s, bits) => {
                frame[slot] = *bits;
                frame[slot + 1] = s.code();
            }
            Entry::Complex(s, re, im) => {
                let part = kiln_jit::infer::part_of(*s).code();
                frame[slot] = *re;
                frame[slot + 1] = part;
                if let Some(imag) = imaginary_part(&code, var) {
                    let islot = layout.var(imag);
                    frame[islot] = *im;
                    frame[islot + 1] = part;
                }
            }
            Entry::Array(_, slots, _) | Entry::List(_, slots) => {
                let (base, _) = layout.array(var).expect("arrays have descriptors");
                frame[base..base + slots.len()].copy_from_slice(slots);
                let origin = layout.origin(var).expect("arrays have descriptors");
                frame[origin] = var.as_u32() as u64;
            }
            // A variable the nest gives a new array (`t = u.copy()`) has a descriptor
            // it fills; until then it holds what it held.
            Entry::Unbound | Entry::Other(_) => {
                if let Some(origin) = layout.origin(var) {
                    frame[origin] = ORIGIN_ENTRY;
                }
            }
        }
    }
    // SAFETY: the arrays in the frame are held by the frame's variables, which the nest
    // cannot rebind, and have the types the code was compiled for.
    super::interrupt::ensure_sigint_hook();
    super::draws::enter(generator);
    let running = columns.run();
    // Tier 2 where the analysis allows it for these values; else (or where a chunk
    // handed back, everything undone) the serial run.
    let started = std::time::Instant::now();
    let parallel = unsafe { code.run_parallel(&mut frame) };
    let on_device = matches!(parallel, ParallelRun::OnDevice);
    let point = match parallel {
        ParallelRun::Ran { .. } | ParallelRun::OnDevice => kiln_jit::FINISHED,
        ParallelRun::Stopped { point, .. } => point,
        _ => unsafe { code.run(&mut frame) },
    };
    // The CPU tiers' time for an entry the cost model sent them: the nest's CPU speed.
    if let Some(o) = code.offload.as_ref().filter(|_| !on_device) {
        o.cost.cpu_took(started.elapsed().as_secs_f64());
    }
    drop(running);
    super::draws::leave();
    // What the run stored into lists and attribute columns copied on entry, before
    // anything else sees them.
    copies.write_back(vm);
    columns.write_back(vm)?;
    // The warnings of fused runs that stored as they went, in numpy's order.
    for note in kiln_jit::runtime::take_fp_notes() {
        let op = &code.fp_ops[note.op as usize];
        kiln_stdlib::numpy::python::errors::warn_flags_at_line(
            vm,
            note.flags,
            op.ufunc,
            op.line as usize,
        )?;
    }
    // An interrupt that came while compiled code ran is the interpreter's to raise (its
    // own signal flag is set too), but only once the loop's variables are written back:
    // it is taken here, before any bytecode can see it, and raised by the rewritten
    // loop right after the write-back (`outcome.raise_interrupt`). One that came
    // between runs has been seen by the interpreter already.
    let interrupt = if kiln_jit::runtime::take_interrupt() {
        vm.check_signals().err()
    } else {
        None
    };

    let boxed = |var| boxed_value(vm, &code, &frame, &objects, var);
    receivers.write_back(&boxed, &vars, vm)?;
    let values = site
        .written_back
        .iter()
        .copied()
        .map(boxed)
        .collect::<PyResult<Vec<_>>>()?;
    // A stop inside a spliced callee: the callee resumes where it stopped, the nest at
    // the call.
    let point = if point >= 0 && !splices.is_empty() {
        let state = |p| {
            let base = layout.loop_state(p)?;
            Some((
                frame[base] as i64,
                frame[base + 1] as i64,
                frame[base + 2] as i64,
            ))
        };
        super::splice::resume(&splices, point, interrupt.is_some(), &boxed, &state)?
    } else {
        point
    };
    let mut loops = HashMap::new();
    if point >= 0 {
        loops.insert(
            0,
            (
                frame[ROOT_CUR] as i64,
                frame[ROOT_STOP] as i64,
                frame[ROOT_STEP] as i64,
            ),
        );
        for (point, base) in layout.loop_states() {
            loops.insert(
                point.as_u32(),
                (
                    frame[base] as i64,
                    frame[base + 1] as i64,
                    frame[base + 2] as i64,
                ),
            );
        }
    }
    {
        let mut state = site.state.lock().expect("site state poisoned");
        state.entries += 1;
        if osr {
            state.osr_entries += 1;
        }
        if point >= 0 {
            state.deopts += 1;
        }
        if let Some(spec) = state.specs.iter_mut().find(|s| Arc::ptr_eq(&s.code, &code)) {
            spec.parallel.note(parallel, bounds.0);
            if point >= 0 {
                spec.deopts += 1;
            }
        }
    }
    // A resume point, or an exit code: FINISHED, BROKE, or a `Returned`'s.
    let progress = match bounds.2 {
        0 => 0,
        step => ((frame[ROOT_CUR] as i64).wrapping_sub(bounds.0) / step).max(0) as u64,
    };
    Ok(Some(Outcome {
        values,
        point,
        loops,
        interrupt,
        progress,
    }))
}

/// The object a variable holds after a compiled run: what it was given (a value, an
/// array it made or swapped), or, never assigned, what it held on entry.
fn boxed_value(
    vm: &VirtualMachine,
    code: &CompiledNest,
    frame: &[u64],
    objects: &[Option<PyObjectRef>],
    var: kiln_jit::ir::Var,
) -> PyResult<Option<PyObjectRef>> {
    let layout = &code.layout;
    let entry = |var: kiln_jit::ir::Var| objects.get(var.as_u32() as usize).cloned().flatten();
    // A tuple, from its elements' variables, assigned together.
    if let Some((_, elements)) = code.tuple_parts.iter().find(|(t, _)| *t == var) {
        if frame[layout.var(elements[0]) + 1] == 0 {
            return Ok(entry(var));
        }
        let mut items = Vec::with_capacity(elements.len());
        for e in elements {
            items.push(boxed_value(vm, code, frame, objects, *e)?.unwrap_or_else(|| vm.ctx.none()));
        }
        return Ok(Some(vm.ctx.new_tuple(items).into()));
    }
    // A row of a list of rows, by its index (`kiln_jit::rows`).
    if let Some((_, list, index)) = code.row_aliases.iter().find(|(r, _, _)| *r == var) {
        let slot = layout.var(*index);
        if frame[slot + 1] == 0 {
            return Ok(entry(var));
        }
        let row = entry(*list).and_then(|l| {
            let items = l
                .downcast_ref::<rustpython_vm::builtins::PyList>()?
                .borrow_vec();
            let i = frame[slot] as i64;
            let i = if i < 0 { i + items.len() as i64 } else { i };
            usize::try_from(i).ok().and_then(|i| items.get(i).cloned())
        });
        return Ok(row.or_else(|| entry(var)));
    }
    // An array the nest swapped with another (`u, new = new, u`) holds the entry
    // object its descriptor came from.
    if let Some(origin) = layout.origin(var) {
        return Ok(match frame[origin] {
            ORIGIN_ENTRY => entry(var),
            ORIGIN_FRESH => Some(fresh_array(vm, layout, var, frame)?),
            o => objects.get(o as usize).cloned().flatten(),
        });
    }
    let slot = layout.var(var);
    let bits = frame[slot];
    if let Some(imag) = imaginary_part(code, var) {
        let im = f64::from_bits(frame[layout.var(imag)]);
        let re = f64::from_bits(bits);
        return Ok(match Scalar::from_code(frame[slot + 1]) {
            None => entry(var),
            Some(Scalar::Float) => Some(
                vm.ctx
                    .new_complex(num_complex::Complex64::new(re, im))
                    .into(),
            ),
            Some(_) => Some(scalar_to_py(
                vm,
                DType::Complex128,
                Element::Complex(re, im),
            )?),
        });
    }
    let value = match Scalar::from_code(frame[slot + 1]) {
        // Never assigned: whatever it held on entry.
        None => entry(var),
        Some(Scalar::Bool) => Some(vm.ctx.new_bool(bits != 0).into()),
        Some(Scalar::Int) => Some(vm.ctx.new_int(bits as i64).into()),
        Some(Scalar::Float) => Some(vm.ctx.new_float(f64::from_bits(bits)).into()),
        Some(Scalar::Complex) => unreachable!("complex variables have imaginary parts"),
        Some(Scalar::Np(d)) => {
            let element = match d {
                Dtype::Bool => Element::Bool(bits != 0),
                Dtype::F64 => Element::Float(f64::from_bits(bits)),
                Dtype::F32 => Element::Float(f32::from_bits(bits as u32) as f64),
                _ => Element::Int(bits as i64),
            };
            Some(scalar_to_py(vm, numpy_dtype(d), element)?)
        }
    };
    Ok(value)
}
