//! `x op= y` stays the in-place operator in the interpreter, whatever types it saw.
//!
//! RustPython 0.6's adaptive interpreter specialises a `BINARY_OP` that has seen two
//! exact floats (ints, strs) into its float add (`BinaryOpAddFloat`, ...), also for the
//! in-place operators, and the specialised instruction, when its operands are of
//! another type later, falls back to the plain operator: `a += b` on a list or a numpy
//! array at an instruction that first ran on floats made a new object instead of
//! updating `a` in place (`f(x, [2])` left `x` unchanged), and `1.5 += "s"` said "for
//! +" instead of "for +=". The specialised instruction does not keep which operator it
//! stands for, so there is no way back short of not specialising: user code's in-place
//! operators keep RustPython's generic path, which calls `__iadd__` first as Python
//! does. (CPython specialises these too, but its specialised instructions fall back to
//! the instruction's own operator.)
//!
//! RustPython sets each instruction's warm-up counter when a code object first runs
//! (`quicken`, once per code object); a counter at the "unreachable" back-off never
//! triggers specialisation. So a code object compiled from user source is quickened
//! here, before it runs, and its in-place `BINARY_OP`s get that counter. The frozen
//! standard library and code built by `compile()` at run time are not user source
//! (`crate::compile`) and keep the upstream behaviour.

use rustpython_vm::Py;
use rustpython_vm::builtins::PyCode;
use rustpython_vm::bytecode::{Instruction, adaptive_counter_bits};
use std::borrow::Borrow;
use std::sync::atomic::Ordering;

/// The in-place operators' numbers, `+=` (13) to `^=` (25); 26 is a subscript.
const INPLACE: std::ops::RangeInclusive<u8> = 13..=25;

/// A counter that never reaches the value that triggers specialisation (RustPython's
/// `UNREACHABLE_BACKOFF`: back-off 15, which a countdown by 16 never leaves).
const NEVER: u16 = adaptive_counter_bits(0, 15);

/// Keeps every in-place operator of `code` and of the code objects nested in it
/// (functions, classes, comprehensions) unspecialised (see the module doc).
pub fn keep_generic(code: &Py<PyCode>) {
    let units = &code.code.instructions;
    if !code.quickened.swap(true, Ordering::Relaxed) {
        units.quicken();
    }
    for (i, unit) in units.iter().enumerate() {
        let extended = i > 0 && matches!(units[i - 1].op, Instruction::ExtendedArg);
        if matches!(unit.op, Instruction::BinaryOp { .. })
            && !extended
            && INPLACE.contains(&unit.arg.as_u8())
            && i + 1 < units.len()
        {
            // SAFETY: `i + 1` is in bounds; nothing runs this code object yet.
            unsafe { units.write_adaptive_counter(i + 1, NEVER) };
        }
    }
    for constant in code.code.constants.iter() {
        let obj: &rustpython_vm::PyObject = constant.borrow();
        if let Some(inner) = obj.downcast_ref::<PyCode>() {
            keep_generic(inner);
        }
    }
}
