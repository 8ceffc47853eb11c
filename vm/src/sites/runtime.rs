//! `_kiln_jit`: the native module the rewritten loops call (see [`super::rewrite`]).
//!
//! - `loop(site, iterable)`: a counting iterator over a `range`; entering a site that
//!   has code runs it at once, and a site that gets hot during its loop continues
//!   there in compiled code (on-stack replacement at an iteration boundary). Anything
//!   but a `range` is passed through untouched. A loop that cannot compile (whatever
//!   the types, or for now: its next try is further off than this run) over a range,
//!   list or tuple gets the object itself, its back-edges counted at once (`plain_runs`).
//! - `ticks(site)`: the same for a `while` loop (it yields `()` for ever).
//! - `finished(site)` / `take()`: after the loop, how it ran (interpreted; compiled to
//!   its end, with the values to write back; or compiled and stopped) and, for the
//!   last, its outcome (write-back values, where to resume, the state of the loops it
//!   stopped in).
//!
//! The outcome travels through a per-thread slot: it is published when the iterator
//! reports exhaustion and taken by the very next bytecode, the loop's `else` clause.

pub(crate) use _kiln_jit::module_def;

use super::counting::Counted;
use super::tier::{Outcome, run};
use rustpython_vm::PyResult;
use rustpython_vm::protocol::PyIterReturn;
use std::cell::RefCell;

thread_local! {
    static OUTCOME: RefCell<Option<(u32, Outcome)>> = const { RefCell::new(None) };
    /// The rest of a site's loop `_kiln_jit.again` made, for `rest_of` to take.
    static REST: RefCell<Option<(u32, rustpython_vm::PyObjectRef)>> = const { RefCell::new(None) };
}

/// Whether a trace or profile function (`sys.settrace`, `sys.setprofile`: debuggers,
/// coverage, profilers) or `sys.monitoring` watches the program. Compiled code makes
/// none of the events they expect (a line per statement, a call per inlined call), so
/// loops stay interpreted while one does, and a `for` loop over a `range` does not
/// iterate kiln's counting iterator, whose exhaustion would be an `exception` event of
/// its own (see [`traced_iteration`]).
fn observed(vm: &rustpython_vm::VirtualMachine) -> bool {
    vm.use_tracing.get() || vm.state.monitoring_events.load() != 0
}

/// What a rewritten loop over `range` iterates while the program is observed. The
/// events must be `KILN_JIT=0`'s, where the loop's `FOR_ITER` has specialised for the
/// range iterator and makes none at the end of the loop; RustPython's generic
/// `FOR_ITER`, which a site that saw kiln's counting iterator keeps, makes an
/// `exception` event when a range iterator runs out but not when a list iterator
/// does (CPython makes none). So a range of up to 2**16 items is iterated as a list;
/// a longer one (whose tracing costs far more than the list) as itself.
fn traced_iteration(
    vm: &rustpython_vm::VirtualMachine,
    (start, stop, step): (i64, i64, i64),
    iterable: rustpython_vm::PyObjectRef,
) -> PyResult {
    use rustpython_vm::AsObject;
    let span = if step > 0 {
        stop as i128 - start as i128
    } else {
        start as i128 - stop as i128
    };
    if step == 0 || span > (1i128 << 16) * step.unsigned_abs() as i128 {
        return Ok(iterable);
    }
    // Made here rather than by calling `list`, which a profile function would see.
    let items = (0..)
        .map_while(|k: i64| {
            let v = start.checked_add(k.checked_mul(step)?)?;
            let more = if step > 0 { v < stop } else { v > stop };
            more.then(|| vm.ctx.new_int(v).into())
        })
        .collect();
    vm.ctx
        .new_list(items)
        .as_object()
        .get_iter(vm)
        .map(Into::into)
}

/// Ends a site's loop: its outcome (`None` after an interpreted run) goes to the slot the
/// loop's `else` clause reads.
fn exhausted(site: u32, outcome: Option<Outcome>) -> PyResult<PyIterReturn> {
    OUTCOME.with(|slot| *slot.borrow_mut() = outcome.map(|o| (site, o)));
    Ok(PyIterReturn::StopIteration(None))
}

/// What the function of `site` returns when compiled code ended the call with
/// `outcome`, where nothing else of the outcome matters once it returns: no
/// interrupt, no attribute or list item column written back (`self.n` outlives the
/// call), and every returned variable bound.
fn returned(
    site: &super::Site,
    outcome: &Outcome,
    vm: &rustpython_vm::VirtualMachine,
) -> Option<rustpython_vm::PyObjectRef> {
    use kiln_jit::ir::{Returned, StmtKind, return_var};
    let Ok(nest) = &site.nest else {
        return None;
    };
    if outcome.interrupt.is_some() || !site.item_attributes.is_empty() {
        return None;
    }
    let assigned = &site.written_back;
    if assigned.iter().any(|v| nest.vars[*v].name.contains('.')) {
        return None;
    }
    if outcome.point == kiln_jit::FINISHED {
        return Some(vm.ctx.none());
    }
    let mut how = None;
    nest.root.each(&mut |s| {
        if let StmtKind::Return(r) = s.kind
            && r.code() == outcome.point
        {
            how = Some(r);
        }
    });
    let value = |v: kiln_jit::ir::Var| {
        let k = assigned.iter().position(|a| *a == v)?;
        outcome.values.get(k)?.clone()
    };
    let named = |name: String| {
        let k = assigned.iter().position(|a| nest.vars[*a].name == name)?;
        outcome.values.get(k)?.clone()
    };
    match how? {
        Returned::None => Some(vm.ctx.none()),
        Returned::Value => named(return_var(None)),
        Returned::Var(v) => value(v),
        Returned::Tuple(n, names) => {
            let items = (0..n)
                .map(|k| match names.get(k as usize).copied().flatten() {
                    Some(v) => value(v),
                    None => named(return_var(Some(k))),
                })
                .collect::<Option<Vec<_>>>()?;
            Some(vm.ctx.new_tuple(items).into())
        }
    }
}

#[rustpython_vm::pymodule]
mod _kiln_jit {
    use super::{Counted, OUTCOME, Outcome, REST, exhausted, observed, run, traced_iteration};
    use rustpython_vm::builtins::{PyBaseExceptionRef, PyRange, PyTupleRef};
    use rustpython_vm::common::lock::PyMutex;
    use rustpython_vm::protocol::PyIterReturn;
    use rustpython_vm::types::{IterNext, Iterable, SelfIter};
    use rustpython_vm::{
        AsObject, Py, PyObjectRef, PyPayload, PyRef, PyResult, VirtualMachine, pyclass,
    };
    use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};

    struct RangeState {
        /// The value this run of the loop started at.
        first: i64,
        cur: i64,
        stop: i64,
        step: i64,
        done: bool,
        /// A compiled run that already finished the loop, reported at the next step.
        pending: Option<Outcome>,
        /// In the rest of a loop compiled code stopped in (`again`): the back-edges
        /// left before compiled code is entered again, whatever the site's count.
        wait: Option<u64>,
    }

    impl RangeState {
        fn new((cur, stop, step): (i64, i64, i64), pending: Option<Outcome>) -> RangeState {
            RangeState {
                first: cur,
                cur,
                stop,
                step,
                done: false,
                pending,
                wait: None,
            }
        }
    }

    /// The counting iterator over `range(start, stop, step)` of a site's loop.
    fn site_range(
        counted: Counted,
        bounds: (i64, i64, i64),
        pending: Option<Outcome>,
        vm: &VirtualMachine,
    ) -> PyObjectRef {
        SiteRange {
            counted,
            state: PyMutex::new(RangeState::new(bounds, pending)),
        }
        .into_ref(&vm.ctx)
        .into()
    }

    #[pyattr]
    #[pyclass(name = "site_range")]
    #[derive(PyPayload)]
    struct SiteRange {
        counted: Counted,
        state: PyMutex<RangeState>,
    }

    impl std::fmt::Debug for SiteRange {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "site_range({})", self.counted.site().id)
        }
    }

    #[pyclass(with(IterNext, Iterable))]
    impl SiteRange {}

    impl SelfIter for SiteRange {}

    impl IterNext for SiteRange {
        fn next(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<PyIterReturn> {
            Ok(match advance(&zelf.counted, &zelf.state, vm)? {
                Ok(cur) => PyIterReturn::Return(vm.ctx.new_int(cur).into()),
                Err(exhausted) => exhausted,
            })
        }
    }

    /// One step of a site's counting iterator (over a range, or over arrays' indices):
    /// the value of this iteration, or, once the loop is over, what `next` returns. A
    /// hot site first runs compiled code for the iterations left, which may finish the
    /// loop.
    fn advance(
        counted: &Counted,
        state: &PyMutex<RangeState>,
        vm: &VirtualMachine,
    ) -> PyResult<Result<i64, PyIterReturn>> {
        let site = counted.site();
        let mut st = state.lock();
        if let Some(outcome) = st.pending.take() {
            st.done = true;
            return exhausted(site.id, Some(outcome)).map(Err);
        }
        let cur = st.cur;
        let more = !st.done
            && if st.step > 0 {
                cur < st.stop
            } else {
                cur > st.stop
            };
        if !more {
            st.done = true;
            return exhausted(site.id, None).map(Err);
        }
        let hot = match &mut st.wait {
            Some(left) => {
                counted.count();
                match left.checked_sub(1) {
                    Some(l) => {
                        *left = l;
                        false
                    }
                    None => {
                        st.wait = None;
                        true
                    }
                }
            }
            None => {
                counted.back_edge() && !counted.short_of_compiling(st.first, cur, st.stop, st.step)
            }
        };
        if hot && !observed(vm) {
            let bounds = (cur, st.stop, st.step);
            drop(st);
            let outcome = run(vm, site, bounds, true)?;
            st = state.lock();
            if let Some(outcome) = outcome {
                st.done = true;
                return exhausted(site.id, Some(outcome)).map(Err);
            }
        }
        match cur.checked_add(st.step) {
            Some(next) => st.cur = next,
            None => st.done = true,
        }
        Ok(Ok(cur))
    }

    /// The iterator a rewritten `for` loop runs over: a plain one while a trace or
    /// profile function or `sys.monitoring` watches (see [`observed`]).
    #[pyfunction(name = "loop")]
    fn loop_(site: u32, iterable: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        loop_over(site, iterable, vm)
    }

    /// The loop of one iteration a function compiled whole runs its body in
    /// (`rewrite`'s function sites): `range(1)`, builtins' own.
    ///
    /// A call that resumes a spliced body's stop (`sites::splice`) takes the outcome
    /// left for it: the loop ends at once with it, and the function resumes there.
    #[pyfunction]
    fn call(site: u32, vm: &VirtualMachine) -> PyResult {
        if let Some(outcome) = super::super::splice::take_pending(site)
            && let Some(counted) = Counted::new(site)
        {
            return Ok(site_range(counted, (0, 1, 1), Some(outcome), vm));
        }
        let range = vm.ctx.types.range_type.as_object().call((1,), vm)?;
        loop_over(site, range, vm)
    }

    /// A call of a function compiled whole, before its body runs (`rewrite`'s
    /// function sites: `for __kiln_q in _kiln_jit.quick(S): return __kiln_q`). Where
    /// the site has code and no stop of a spliced body waits for this call, the code
    /// runs at once; a call it ends (a `return`, or the end of the body) gives
    /// `(value,)`, what the function returns, without the write-back and dispatch of
    /// the body's loop (the function's variables end with the call: ~4 us a call). A
    /// hand-back, an interrupt, or variables that outlive the call (attributes) leave
    /// the outcome for `call`, whose loop ends with it at once; `()` then, or where
    /// nothing ran.
    #[pyfunction]
    fn quick(site: u32, vm: &VirtualMachine) -> PyResult<PyTupleRef> {
        let nothing = || Ok(vm.ctx.empty_tuple.clone());
        if super::super::splice::has_pending(site) || observed(vm) {
            return nothing();
        }
        let Some(counted) = Counted::new(site) else {
            return nothing();
        };
        if !counted.has_code() {
            return nothing();
        }
        let Some(outcome) = run(vm, counted.site(), (0, 1, 1), false)? else {
            return nothing();
        };
        if let Some(value) = super::returned(counted.site(), &outcome, vm) {
            return Ok(vm.new_tuple((value,)));
        }
        super::super::splice::leave_pending(site, outcome);
        nothing()
    }

    /// A loop over anything but a range, run as written and counted (`SiteIter`).
    /// Only what has `__iter__`: anything else is left for the loop to refuse (or to
    /// iterate by `__getitem__`) exactly as it would.
    fn counted_iteration(site: u32, iterable: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let iterable_type = iterable.class().slots.iter.load().is_some();
        match Counted::new(site) {
            Some(counted) if iterable_type && !observed(vm) => Ok(SiteIter {
                counted,
                inner: iterable.get_iter(vm)?.into(),
                started: AtomicBool::new(false),
            }
            .into_ref(&vm.ctx)
            .into()),
            _ => Ok(iterable),
        }
    }

    fn loop_over(site: u32, iterable: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        // The rest of the loop after compiled code stopped in it (`again`).
        if iterable.downcast_ref::<SiteRange>().is_some() {
            return Ok(iterable);
        }
        if let Some(items) = super::super::plain_runs::refused_length(site, &iterable, vm) {
            if let Some(counted) = Counted::new(site) {
                counted.count_many(items);
            }
            return Ok(iterable);
        }
        let Some(range) = iterable.downcast_ref::<PyRange>() else {
            return counted_iteration(site, iterable, vm);
        };
        let bounds =
            [&range.start, &range.stop, &range.step].map(|v| v.try_to_primitive::<i64>(vm).ok());
        let ([Some(start), Some(stop), Some(step)], Some(counted)) = (bounds, Counted::new(site))
        else {
            return Ok(iterable);
        };
        if observed(vm) {
            return traced_iteration(vm, (start, stop, step), iterable);
        }
        if let Some(items) = super::super::plain_runs::range_items(start, stop, step)
            && counted.waits_out(items)
        {
            counted.count_many(items);
            return Ok(iterable);
        }
        let pending = if counted.has_code() {
            run(vm, counted.site(), (start, stop, step), false)?
        } else {
            None
        };
        Ok(site_range(counted, (start, stop, step), pending, vm))
    }

    /// A site's loop over something other than a range (a list, a generator, arrays
    /// the loop cannot compile for): iterated as it is, its back-edges counted so that
    /// the jit report shows it once it is hot, with the reason it stays interpreted.
    #[pyattr]
    #[pyclass(name = "site_iter")]
    #[derive(PyPayload)]
    struct SiteIter {
        counted: Counted,
        inner: PyObjectRef,
        started: AtomicBool,
    }

    impl std::fmt::Debug for SiteIter {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "site_iter({})", self.counted.site().id)
        }
    }

    #[pyclass(with(IterNext, Iterable))]
    impl SiteIter {}

    impl SelfIter for SiteIter {}

    impl IterNext for SiteIter {
        fn next(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<PyIterReturn> {
            if zelf.started.swap(true, AtomicOrdering::Relaxed) {
                // Nothing compiled can take over mid-iteration here: only counted.
                let _ = zelf.counted.back_edge();
            }
            rustpython_vm::protocol::PyIter::new(zelf.inner.clone()).next(vm)
        }
    }

    /// What a site's loop over arrays yields: `a[k]`, `(k, a[k])` or `(a[k], b[k], ...)`.
    #[derive(Debug, Clone, Copy, PartialEq)]
    enum ItemsKind {
        Plain,
        Enumerate,
        Zip,
    }

    #[pyattr]
    #[pyclass(name = "site_items")]
    #[derive(PyPayload)]
    struct SiteItems {
        counted: Counted,
        kind: ItemsKind,
        arrays: Vec<PyObjectRef>,
        /// Whether some of them are lists.
        lists: bool,
        state: PyMutex<RangeState>,
    }

    impl std::fmt::Debug for SiteItems {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "site_items({})", self.counted.site().id)
        }
    }

    #[pyclass(with(IterNext, Iterable))]
    impl SiteItems {}

    impl SelfIter for SiteItems {}

    impl IterNext for SiteItems {
        fn next(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<PyIterReturn> {
            // A list may grow or shrink while the loop runs (not in compiled code of
            // this loop, which appends to no list it runs over): it is iterated as
            // Python's list iterator does, to its length at each step.
            if zelf.lists {
                let live = zelf.arrays.iter().filter_map(items_len).min();
                let mut st = zelf.state.lock();
                if let Some(live) = live
                    && !st.done
                {
                    st.stop = live as i64;
                }
            }
            let cur = match advance(&zelf.counted, &zelf.state, vm)? {
                Ok(cur) => cur,
                Err(exhausted) => return Ok(exhausted),
            };
            // A list's item read directly (the interpreted loop's every step, where
            // the generic subscript with a new int cost more than the loop's body).
            let item_of = |a: &PyObjectRef| -> PyResult {
                if let Some(list) = a.downcast_ref::<rustpython_vm::builtins::PyList>()
                    && let Some(item) = usize::try_from(cur)
                        .ok()
                        .and_then(|k| list.borrow_vec().get(k).cloned())
                {
                    return Ok(item);
                }
                a.get_item(vm.ctx.new_int(cur).as_object(), vm)
            };
            if zelf.kind == ItemsKind::Plain
                && let [a] = &zelf.arrays[..]
            {
                return Ok(PyIterReturn::Return(item_of(a)?));
            }
            let index = vm.ctx.new_int(cur);
            let mut items = zelf
                .arrays
                .iter()
                .map(item_of)
                .collect::<PyResult<Vec<_>>>()?;
            let item = match zelf.kind {
                ItemsKind::Plain => items.pop().expect("one array"),
                ItemsKind::Enumerate => {
                    vm.ctx.new_tuple(vec![index.into(), items.remove(0)]).into()
                }
                ItemsKind::Zip => vm.ctx.new_tuple(items).into(),
            };
            Ok(PyIterReturn::Return(item))
        }
    }

    /// The length a site's loop over `a` iterates: an array's first axis, or a list's
    /// (of any numbers: the types are the specialisation's to check).
    fn items_len(a: &PyObjectRef) -> Option<usize> {
        use kiln_stdlib::numpy::python::ndarray::PyNdArray;
        if let Some(a) = a.downcast_ref::<PyNdArray>() {
            return a.array.shape.first().copied();
        }
        a.downcast_ref::<rustpython_vm::builtins::PyList>()
            .map(|l| l.borrow_vec().len())
    }

    /// What the rest of a loop over `seq` iterates after its `start` items (the resume
    /// code's, `rewrite::rest_iterable`): an array's view from there, or a list's own
    /// iterator set to there, which sees the list as it changes, as the loop would.
    #[pyfunction]
    fn tail(seq: PyObjectRef, start: i64, vm: &VirtualMachine) -> PyResult {
        if seq
            .downcast_ref::<rustpython_vm::builtins::PyList>()
            .is_some()
        {
            let it = seq.get_iter(vm)?;
            vm.call_method(it.as_object(), "__setstate__", (start,))?;
            return Ok(it.into());
        }
        let slice = vm
            .ctx
            .types
            .slice_type
            .as_object()
            .call((start, vm.ctx.none()), vm)?;
        seq.get_item(&*slice, vm)
    }

    /// The iterator a rewritten `for x in a` / `enumerate(a)` / `zip(a, b)` loop runs
    /// over (`function` is `None`, or what `enumerate` or `zip` names where the loop
    /// runs): a counting iterator when the arguments are arrays of at least one axis
    /// and the function is the builtin, else exactly what the loop would iterate.
    #[pyfunction]
    fn items(
        site: u32,
        function: PyObjectRef,
        arrays: rustpython_vm::function::PosArgs,
        vm: &VirtualMachine,
    ) -> PyResult {
        let arrays = arrays.into_vec();
        let kind = if vm.is_none(&function) {
            Some(ItemsKind::Plain)
        } else {
            let builtin = |name: &'static str| {
                vm.builtins
                    .get_attr(name, vm)
                    .is_ok_and(|b| b.is(&function))
            };
            if builtin("enumerate") {
                Some(ItemsKind::Enumerate)
            } else if builtin("zip") {
                Some(ItemsKind::Zip)
            } else {
                None
            }
        };
        let lengths: Option<Vec<usize>> = arrays.iter().map(items_len).collect();
        let counted = Counted::new(site);
        let (Some(kind), Some(lengths), Some(counted), false) =
            (kind, lengths, counted, observed(vm))
        else {
            let iterable = match vm.is_none(&function) {
                true => arrays.into_iter().next().expect("one iterable"),
                false => function.call(arrays, vm)?,
            };
            // Not over arrays (a list, a generator): the loop runs as written, counted
            // so that the jit report shows it and why it stays interpreted.
            return counted_iteration(site, iterable, vm);
        };
        let stop = lengths.into_iter().min().unwrap_or(0) as i64;
        if counted.waits_out(stop as u64) {
            counted.count_many(stop as u64);
            return match kind {
                ItemsKind::Plain => Ok(arrays.into_iter().next().expect("one iterable")),
                _ => function.call(arrays, vm),
            };
        }
        let pending = if counted.has_code() {
            run(vm, counted.site(), (0, stop, 1), false)?
        } else {
            None
        };
        let state = RangeState::new((0, stop, 1), pending);
        let lists = arrays.iter().any(|a| {
            a.downcast_ref::<rustpython_vm::builtins::PyList>()
                .is_some()
        });
        Ok(SiteItems {
            counted,
            kind,
            arrays,
            lists,
            state: PyMutex::new(state),
        }
        .into_ref(&vm.ctx)
        .into())
    }

    #[pyattr]
    #[pyclass(name = "site_ticks")]
    #[derive(PyPayload)]
    struct SiteTicks {
        counted: Counted,
        pending: PyMutex<Option<Outcome>>,
    }

    impl std::fmt::Debug for SiteTicks {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "site_ticks({})", self.counted.site().id)
        }
    }

    #[pyclass(with(IterNext, Iterable))]
    impl SiteTicks {}

    impl SelfIter for SiteTicks {}

    impl IterNext for SiteTicks {
        fn next(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<PyIterReturn> {
            let site = zelf.counted.site();
            if let Some(outcome) = zelf.pending.lock().take() {
                return exhausted(site.id, Some(outcome));
            }
            if zelf.counted.back_edge()
                && !observed(vm)
                && let Some(outcome) = run(vm, site, (0, 0, 1), true)?
            {
                return exhausted(site.id, Some(outcome));
            }
            Ok(PyIterReturn::Return(vm.ctx.empty_tuple.clone().into()))
        }
    }

    /// The iterator a rewritten `while` loop runs over.
    #[pyfunction]
    fn ticks(site: u32, vm: &VirtualMachine) -> PyResult {
        let Some(counted) = Counted::new(site) else {
            return Err(vm.new_runtime_error(format!("kiln: no loop site {site}")));
        };
        let pending = if counted.has_code() && !observed(vm) {
            run(vm, counted.site(), (0, 0, 1), false)?
        } else {
            None
        };
        Ok(SiteTicks {
            counted,
            pending: PyMutex::new(pending),
        }
        .into_ref(&vm.ctx)
        .into())
    }

    /// How the loop of `site` that just ended ran: `False`, interpreted; the values to
    /// write back (a tuple, in the order the rewrite unpacks them), compiled to its end
    /// with every variable bound and no interrupt (the outcome is taken); else `True`,
    /// the outcome left for `take`. One call where `take` and the outcome's attributes
    /// were five: what an inner loop entered from interpreted code pays at
    /// every end.
    #[pyfunction]
    fn finished(site: u32, vm: &VirtualMachine) -> PyObjectRef {
        OUTCOME.with(|o| {
            let mut slot = o.borrow_mut();
            let clean = match &*slot {
                Some((id, outcome)) if *id == site => {
                    outcome.point == kiln_jit::FINISHED
                        && outcome.interrupt.is_none()
                        && outcome.values.iter().all(Option::is_some)
                }
                _ => return vm.ctx.new_bool(false).into(),
            };
            if !clean {
                return vm.ctx.new_bool(true).into();
            }
            let (_, outcome) = slot.take().expect("matched above");
            let values = outcome.values.into_iter().flatten().collect();
            vm.ctx.new_tuple(values).into()
        })
    }

    /// At the top of a plain function compiled only spliced (`rewrite::spliced_body`):
    /// whether a compiled run of a loop that calls it stopped inside its body, whose
    /// outcome (left by `splice::resume`) is then the one `take` gives, for the
    /// function's interpreter to resume where compiled code stopped.
    #[pyfunction]
    fn spliced_stop(site: u32) -> bool {
        match super::super::splice::take_pending(site) {
            Some(outcome) => {
                OUTCOME.with(|slot| *slot.borrow_mut() = Some((site, outcome)));
                true
            }
            None => false,
        }
    }

    #[pyattr]
    #[pyclass(name = "outcome")]
    #[derive(Debug, PyPayload)]
    struct PyOutcome {
        values: PyTupleRef,
        unbound: Vec<bool>,
        point: i64,
        loops: std::collections::HashMap<u32, (i64, i64, i64)>,
        interrupt: Option<PyBaseExceptionRef>,
        progress: u64,
    }

    /// Iterations compiled code must have done before it stopped for the rest of the
    /// loop to enter it again at once; fewer, and the rest waits (`Site::resume_wait`).
    const RAN_WELL: u64 = 8;

    /// The longest wait: a loop whose compiled code stops at every iteration enters
    /// it about once in this many iterations.
    const MAX_WAIT: u64 = 1 << 16;

    /// The rest of site `site`'s loop (a `for` over a range) after compiled code
    /// stopped in it and the interpreter finished that iteration (`outcome`), left for
    /// `rest_of` (`rewrite::again_loop`): its counting iterator over the iterations
    /// left, which enters compiled code again
    /// at the next iteration where that code ran well, else after a wait that doubles
    /// each time it did not. So a loop that handed one statement back (an inf met
    /// once) runs compiled again, and one that stops at every iteration does not pay
    /// for entering compiled code at each.
    #[pyfunction]
    fn again(site: u32, outcome: PyRef<PyOutcome>, vm: &VirtualMachine) -> PyResult<()> {
        let rest = rest_after(site, &outcome, vm)?;
        REST.with(|r| *r.borrow_mut() = Some((site, rest)));
        Ok(())
    }

    /// Whether `again` left the rest of site `site`'s loop to take.
    #[pyfunction]
    fn has_rest(site: u32) -> bool {
        REST.with(|r| matches!(&*r.borrow(), Some((s, _)) if *s == site))
    }

    /// The rest of site `site`'s loop that `again` made (taken).
    #[pyfunction]
    fn rest_of(site: u32, vm: &VirtualMachine) -> PyResult {
        match REST.with(|r| r.borrow_mut().take()) {
            Some((s, rest)) if s == site => Ok(rest),
            _ => Err(vm.new_runtime_error(format!("kiln: no rest of loop {site} to take"))),
        }
    }

    fn rest_after(site: u32, outcome: &PyOutcome, vm: &VirtualMachine) -> PyResult {
        let (cur, stop, step) = outcome
            .loops
            .get(&0)
            .copied()
            .ok_or_else(|| vm.new_runtime_error("kiln: no state for the site's loop"))?;
        let Some(next) = cur.checked_add(step) else {
            return Ok(vm.ctx.new_tuple(vec![]).into());
        };
        let rest = vm
            .ctx
            .types
            .range_type
            .as_object()
            .call((next, stop, step), vm)?;
        let Some(counted) = Counted::new(site) else {
            return Ok(rest);
        };
        if observed(vm) {
            return traced_iteration(vm, (next, stop, step), rest);
        }
        let waits = &counted.site().resume_wait;
        let wait = if outcome.progress >= RAN_WELL {
            waits.store(1, AtomicOrdering::Relaxed);
            0
        } else {
            let w = waits.load(AtomicOrdering::Relaxed);
            waits.store((w * 2).min(MAX_WAIT), AtomicOrdering::Relaxed);
            w
        };
        let mut state = RangeState::new((next, stop, step), None);
        state.wait = Some(wait);
        Ok(SiteRange {
            counted,
            state: PyMutex::new(state),
        }
        .into_ref(&vm.ctx)
        .into())
    }

    #[pyclass]
    impl PyOutcome {
        /// The assigned variables, in the order the rewrite unpacks them.
        #[pygetset]
        fn values(zelf: &Py<Self>) -> PyTupleRef {
            zelf.values.clone()
        }

        /// Whether some variable must be left unbound.
        #[pygetset]
        fn unbound(zelf: &Py<Self>) -> bool {
            zelf.unbound.iter().any(|u| *u)
        }

        #[pymethod]
        fn is_unbound(zelf: &Py<Self>, k: usize) -> bool {
            zelf.unbound.get(k).copied().unwrap_or(false)
        }

        /// Raises the interrupt that came while compiled code ran, if one did: called
        /// once the variables are written back, so the interpreter sees the state the
        /// loop had reached.
        #[pymethod]
        fn raise_interrupt(zelf: &Py<Self>) -> PyResult<()> {
            match &zelf.interrupt {
                Some(exc) => Err(exc.clone()),
                None => Ok(()),
            }
        }

        /// -1: the loop finished; -2: it broke out; else the statement to resume at.
        #[pygetset]
        fn point(zelf: &Py<Self>) -> i64 {
            zelf.point
        }

        /// The index of the iteration after the one that stopped, in the `for` loop
        /// at point `k` over arrays (whose rest iterates them from there).
        #[pymethod]
        fn next(zelf: &Py<Self>, k: u32, vm: &VirtualMachine) -> PyResult<i64> {
            let (cur, _, step) = zelf
                .loops
                .get(&k)
                .copied()
                .ok_or_else(|| vm.new_runtime_error(format!("kiln: no state for loop {k}")))?;
            Ok(cur.saturating_add(step))
        }

        /// The iterations left of the `for` loop at point `k` after the one that
        /// stopped.
        #[pymethod]
        fn rest(zelf: &Py<Self>, k: u32, vm: &VirtualMachine) -> PyResult {
            let (cur, stop, step) = zelf
                .loops
                .get(&k)
                .copied()
                .ok_or_else(|| vm.new_runtime_error(format!("kiln: no state for loop {k}")))?;
            let next = cur.saturating_add(step);
            vm.ctx
                .types
                .range_type
                .as_object()
                .call((next, stop, step), vm)
        }
    }

    /// The outcome of the compiled run `finished` reported stopped.
    #[pyfunction]
    fn take(vm: &VirtualMachine) -> PyResult {
        let Some((_, outcome)) = OUTCOME.with(|o| o.borrow_mut().take()) else {
            return Err(vm.new_runtime_error("kiln: no compiled outcome to take"));
        };
        let unbound = outcome.values.iter().map(|v| v.is_none()).collect();
        let values = outcome
            .values
            .into_iter()
            .map(|v| v.unwrap_or_else(|| vm.ctx.none()))
            .collect();
        Ok(PyOutcome {
            values: vm.ctx.new_tuple(values),
            unbound,
            point: outcome.point,
            loops: outcome.loops,
            interrupt: outcome.interrupt,
            progress: outcome.progress,
        }
        .into_ref(&vm.ctx)
        .into())
    }
}
