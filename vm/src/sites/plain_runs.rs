//! Loops whose runs go on the interpreter's own paths: the object a rewritten loop
//! iterates is handed back to it as it is (a range, a list, a tuple), and the run's
//! back-edges are counted at its start, all at once (`Counted::count_many`), instead
//! of one at a time through a counting iterator (`runtime`'s `loop`, `items`). That is
//! right for a run no compiled code can take over: a loop outside the compilable
//! subset (here), or one whose next try to compile is further off than the run
//! (`Counted::waits_out`).

use rustpython_vm::builtins::{PyList, PyRange, PyTuple};
use rustpython_vm::{AsObject, PyObjectRef, VirtualMachine};

/// How many items `range(start, stop, step)` has; none where that many do not fit.
pub(super) fn range_items(start: i64, stop: i64, step: i64) -> Option<u64> {
    let (start, stop, step) = (i128::from(start), i128::from(stop), i128::from(step));
    let span = if step > 0 { stop - start } else { start - stop };
    if span <= 0 || step == 0 {
        return Some(0);
    }
    ((span - 1) / step.abs() + 1).try_into().ok()
}

/// The items of a loop outside the compilable subset (a site whose nest is an
/// error, which no types change) over a range, list or tuple whose length is
/// known: such a loop runs over the object itself, on the interpreter's own paths
/// for it, its back-edges counted at its start, all at once (`count_many`),
/// instead of through a counting iterator that cost each iteration a call and
/// could never hand over to compiled code. None for anything else.
pub(super) fn refused_length(
    site: u32,
    iterable: &PyObjectRef,
    vm: &VirtualMachine,
) -> Option<u64> {
    if super::site(site)?.nest.is_ok() {
        return None;
    }
    let class = iterable.class();
    let items = if class.is(vm.ctx.types.list_type) {
        iterable.downcast_ref::<PyList>()?.borrow_vec().len()
    } else if class.is(vm.ctx.types.tuple_type) {
        iterable.downcast_ref::<PyTuple>()?.len()
    } else if let Some(r) = iterable.downcast_ref::<PyRange>() {
        let [start, stop, step] =
            [&r.start, &r.stop, &r.step].map(|v| v.try_to_primitive::<i64>(vm).ok());
        return range_items(start?, stop?, step?);
    } else {
        return None;
    };
    Some(items as u64)
}

#[cfg(test)]
mod tests {
    use super::range_items;

    #[test]
    fn a_range_has_the_items_python_counts() {
        for (start, stop, step) in [
            (0, 10, 1),
            (0, 10, 3),
            (10, 0, -1),
            (10, 0, -3),
            (5, 5, 1),
            (5, 0, 1),
            (0, 5, -1),
            (-7, 8, 4),
        ] {
            let python = if step > 0 {
                (start..stop).step_by(step as usize).count()
            } else {
                (stop + 1..=start).rev().step_by((-step) as usize).count()
            };
            assert_eq!(
                range_items(start, stop, step),
                Some(python as u64),
                "range({start}, {stop}, {step})"
            );
        }
        assert_eq!(range_items(i64::MIN, i64::MAX, 1), Some(u64::MAX));
        assert_eq!(range_items(i64::MIN, i64::MAX, 2), Some(1 << 63));
    }
}
