//! numpy's floating-point conditions in compiled array statements: the CPU's sticky
//! flags (`kiln_numeric::fpstatus`), cleared before a statement's loops and read before its
//! first store that a hand-back could not undo (`Intrinsic::ClearFpFlags`,
//! `Intrinsic::CheckFpFlags`), as numpy reads them around its loops; and, for fused
//! runs that store as they go while numpy's errors only warn (`scalarise::quiet`),
//! the flags each numpy operation raised, noted for the VM to turn into numpy's
//! warnings when the nest returns ([`take_fp_notes`]).

use kiln_numeric::fpstatus::FpFlags;
use std::cell::RefCell;

/// The flags numpy operation `op` of a nest (its `fp_ops[op]`) raised.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FpNote {
    pub op: u32,
    pub flags: FpFlags,
}

thread_local! {
    static NOTES: RefCell<Vec<FpNote>> = const { RefCell::new(Vec::new()) };
}

/// The notes the nests run since the last call left, in the order they were made.
pub fn take_fp_notes() -> Vec<FpNote> {
    NOTES.with(|n| std::mem::take(&mut *n.borrow_mut()))
}

/// `Intrinsic::ClearFpFlags`; returns 0 (Cranelift's helpers return a value).
extern "C" fn kiln_clear_fp_flags() -> i64 {
    kiln_numeric::fpstatus::clear();
    0
}

/// `Intrinsic::CheckFpFlags` and `Intrinsic::FpRaised`: 1 if divide, overflow or
/// invalid was raised since the last clear. `_sunk` is the bits of the values compiled
/// code computed only for their flags, passed so that Cranelift keeps them.
extern "C" fn kiln_fp_flags_raised(_sunk: i64) -> i64 {
    kiln_numeric::fpstatus::raised() as i64
}

/// `Intrinsic::NoteFp(op)`: notes the flags raised since the last clear, if any.
extern "C" fn kiln_note_fp(op: i64) -> i64 {
    let flags = kiln_numeric::fpstatus::flags();
    if flags.any() {
        let note = FpNote {
            op: op as u32,
            flags,
        };
        NOTES.with(|n| n.borrow_mut().push(note));
    }
    0
}

/// Returns its argument: a value Cranelift cannot fold through (`Gen::keep_raising`).
extern "C" fn kiln_opaque_bits(bits: i64) -> i64 {
    bits
}

pub(super) fn symbols() -> [(&'static str, *const u8); 4] {
    [
        ("kiln_opaque_bits", kiln_opaque_bits as *const u8),
        ("kiln_clear_fp_flags", kiln_clear_fp_flags as *const u8),
        ("kiln_fp_flags_raised", kiln_fp_flags_raised as *const u8),
        ("kiln_note_fp", kiln_note_fp as *const u8),
    ]
}
