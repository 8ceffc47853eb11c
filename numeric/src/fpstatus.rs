//! The CPU's sticky floating-point exception flags, read around a loop the way numpy
//! reads them (`npy_clear_floatstatus` before, `npy_get_floatstatus` after): overflow
//! in `a * b`, invalid in `inf - inf`, divide-by-zero in `log(0)` come from the
//! hardware instead of a test per element.
//!
//! Only loops whose code does nothing but the arithmetic may be measured this way: a
//! vectorised `<` on a NaN is a signalling compare and raises "invalid" on its own.
//! On targets other than x86-64 and aarch64 the flags read as clear and the loops'
//! own explicit tests are all there is.

/// numpy's floating-point error flags, raised by a loop and turned into
/// `RuntimeWarning`s by the caller (`divide by zero encountered in divide`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FpFlags {
    pub divide: bool,
    pub invalid: bool,
    pub overflow: bool,
}

impl FpFlags {
    pub fn any(self) -> bool {
        self.divide || self.invalid || self.overflow
    }

    pub fn union(self, o: FpFlags) -> FpFlags {
        FpFlags {
            divide: self.divide || o.divide,
            invalid: self.invalid || o.invalid,
            overflow: self.overflow || o.overflow,
        }
    }
}

/// Whether this machine's flags are read at all (x86-64 and aarch64): where they are
/// not, code that relies on them must test its values itself.
pub const HARDWARE: bool = cfg!(any(target_arch = "x86_64", target_arch = "aarch64"));

/// Runs `f` with the flags cleared first and returns what it raised. Flags raised
/// before are restored afterwards, so nesting and foreign code see no change.
pub fn measure<R>(f: impl FnOnce() -> R) -> (R, FpFlags) {
    let saved = read_status();
    write_status(saved & !ALL);
    let out = f();
    let raised = read_status();
    write_status(saved | (raised & ALL));
    (
        out,
        FpFlags {
            invalid: raised & INVALID != 0,
            divide: raised & DIVIDE != 0,
            overflow: raised & OVERFLOW != 0,
        },
    )
}

#[cfg(target_arch = "x86_64")]
mod arch {
    // MXCSR's exception flags: IE, ZE, OE.
    pub const INVALID: u64 = 1 << 0;
    pub const DIVIDE: u64 = 1 << 2;
    pub const OVERFLOW: u64 = 1 << 3;

    pub fn read_status() -> u64 {
        let mut csr: u32 = 0;
        // SAFETY: stores MXCSR into a local.
        unsafe {
            std::arch::asm!("stmxcsr [{}]", in(reg) &mut csr, options(nostack, preserves_flags));
        }
        csr as u64
    }

    pub fn write_status(value: u64) {
        let csr = value as u32;
        // SAFETY: only the sticky flag bits differ from the current MXCSR.
        unsafe {
            std::arch::asm!("ldmxcsr [{}]", in(reg) &csr, options(nostack, readonly, preserves_flags));
        }
    }
}

#[cfg(target_arch = "aarch64")]
mod arch {
    // FPSR's cumulative flags: IOC, DZC, OFC.
    pub const INVALID: u64 = 1 << 0;
    pub const DIVIDE: u64 = 1 << 1;
    pub const OVERFLOW: u64 = 1 << 2;

    pub fn read_status() -> u64 {
        let fpsr: u64;
        // SAFETY: reads FPSR.
        unsafe { std::arch::asm!("mrs {}, fpsr", out(reg) fpsr, options(nomem, nostack)) };
        fpsr
    }

    pub fn write_status(value: u64) {
        // SAFETY: only the cumulative flag bits differ from the current FPSR.
        unsafe { std::arch::asm!("msr fpsr, {}", in(reg) value, options(nomem, nostack)) };
    }
}

#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
mod arch {
    pub const INVALID: u64 = 0;
    pub const DIVIDE: u64 = 0;
    pub const OVERFLOW: u64 = 0;

    pub fn read_status() -> u64 {
        0
    }

    pub fn write_status(_value: u64) {}
}

use arch::{DIVIDE, INVALID, OVERFLOW, read_status, write_status};

/// Clears the divide, overflow and invalid flags: compiled code does, before a loop
/// whose numpy operations it then checks with [`raised`] instead of value by value.
pub fn clear() {
    // Writing the register costs more than reading it, and the flags are mostly clear.
    let status = read_status();
    if status & ALL != 0 {
        write_status(status & !ALL);
    }
}

/// Whether divide, overflow or invalid was raised since the last [`clear`].
pub fn raised() -> bool {
    read_status() & ALL != 0
}

/// Which of divide, overflow and invalid were raised since the last [`clear`].
pub fn flags() -> FpFlags {
    let raised = read_status();
    FpFlags {
        invalid: raised & INVALID != 0,
        divide: raised & DIVIDE != 0,
        overflow: raised & OVERFLOW != 0,
    }
}

/// Raises the invalid flag, as the hardware conversion C's casts compile to raises it
/// for NaN and out-of-range values (kiln's casts compute those results without it).
pub fn raise_invalid() {
    write_status(read_status() | INVALID);
}

const ALL: u64 = INVALID | DIVIDE | OVERFLOW;

#[cfg(all(test, any(target_arch = "x86_64", target_arch = "aarch64")))]
mod tests {
    use super::measure;

    #[test]
    fn flags_come_from_the_hardware_and_do_not_leak() {
        let big = std::hint::black_box(1e308f64);
        let (v, flags) = measure(|| std::hint::black_box(big * 10.0));
        assert!(v.is_infinite() && flags.overflow && !flags.invalid && !flags.divide);
        let inf = std::hint::black_box(f64::INFINITY);
        let (v, flags) = measure(|| std::hint::black_box(inf - inf));
        assert!(v.is_nan() && flags.invalid && !flags.overflow);
        let (_, flags) = measure(|| std::hint::black_box(big * 0.5));
        assert!(!flags.any());
    }
}
