//! numpy's floating-point conditions in compiled array statements: the CPU's sticky
//! flags (`kiln_fpstatus`), cleared before a statement's loops and read before its
//! first store that a hand-back could not undo (`Intrinsic::ClearFpFlags`,
//! `Intrinsic::CheckFpFlags`), as numpy reads them around its loops.

/// `Intrinsic::ClearFpFlags`; returns 0 (Cranelift's helpers return a value).
extern "C" fn kiln_clear_fp_flags() -> i64 {
    kiln_fpstatus::clear();
    0
}

/// `Intrinsic::CheckFpFlags`: 1 if divide, overflow or invalid was raised since the
/// last clear. `_sunk` is the bits of the values compiled code computed only for their
/// flags, passed so that Cranelift keeps them.
extern "C" fn kiln_fp_flags_raised(_sunk: i64) -> i64 {
    kiln_fpstatus::raised() as i64
}

pub(super) fn symbols() -> [(&'static str, *const u8); 2] {
    [
        ("kiln_clear_fp_flags", kiln_clear_fp_flags as *const u8),
        ("kiln_fp_flags_raised", kiln_fp_flags_raised as *const u8),
    ]
}
