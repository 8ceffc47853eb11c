//! Functions compiled code calls, and the interrupt flag it polls.
//!
//! The math functions are the ones the interpreter's `math` module calls (pymath), so a
//! compiled `math.exp(x)` gives the same bits as an interpreted one; where pymath would
//! make the interpreter raise, the helper sets `*status` instead and the compiled code
//! hands the statement back to the interpreter, which raises. The float `//` and `%`
//! follow the interpreter's float type exactly.

use kiln_numeric::Gemm;
use std::sync::atomic::{AtomicBool, Ordering};

mod fp;
pub mod objects;
pub use fp::{FpNote, take_fp_notes};
pub use objects::{IntLayout, ObjectLayout, object_layout, set_object_layout};

/// Set (by the VM's SIGINT handler or an interrupt request) to make compiled loops stop
/// at their next poll; they hand back to the interpreter, which raises
/// `KeyboardInterrupt`.
pub static INTERRUPT: AtomicBool = AtomicBool::new(false);

/// Asks running compiled loops to stop.
pub fn request_interrupt() {
    INTERRUPT.store(true, Ordering::SeqCst);
}

/// Clears a request once the interpreter takes it over; whether there was one.
pub fn take_interrupt() -> bool {
    INTERRUPT.swap(false, Ordering::SeqCst)
}

/// The helper the VM provides ([`provide`]) for `random.random()`
/// (`Intrinsic::Random`): `f(status) -> f64`, the next float of the generator the VM
/// set for the running nest; it sets the status, and draws nothing, where none is set.
pub const RANDOM_SYMBOL: &str = "kiln_random";
/// The helper for `randint(a, b)` (`Intrinsic::RandInt`): `f(n, status) -> i64`, an
/// int in `[0, n)` drawn as the library's `_randbelow` draws it; it sets the status,
/// and draws nothing, where no generator is set or `n < 1`.
pub const RANDBELOW_SYMBOL: &str = "kiln_random_below";
/// The helper for `random.gauss()` (`Intrinsic::Gauss`): `f(status) -> f64`, the
/// library's `z` (two draws, or the one its last call kept in `gauss_next`).
pub const GAUSS_SYMBOL: &str = "kiln_random_gauss";

/// The name compiled code finds [`INTERRUPT`] by.
pub const INTERRUPT_SYMBOL: &str = "kiln_interrupt";

type MathResult = Result<f64, pymath::Error>;

/// # Safety
/// `status` points to the frame's status slot.
unsafe fn report(result: MathResult, status: *mut u64) -> f64 {
    match result {
        Ok(v) => v,
        Err(_) => {
            // SAFETY: compiled code passes a pointer to its frame's status slot.
            unsafe { *status = 1 };
            0.0
        }
    }
}

macro_rules! unary_math {
    ($($name:ident => $f:expr;)*) => {
        $(
            /// # Safety
            /// `status` points to the frame's status slot.
            pub unsafe extern "C" fn $name(x: f64, _y: f64, status: *mut u64) -> f64 {
                unsafe { report($f(x), status) }
            }
        )*
    };
}

macro_rules! binary_math {
    ($($name:ident => $f:expr;)*) => {
        $(
            /// # Safety
            /// `status` points to the frame's status slot.
            pub unsafe extern "C" fn $name(x: f64, y: f64, status: *mut u64) -> f64 {
                unsafe { report($f(x, y), status) }
            }
        )*
    };
}

unary_math! {
    kiln_exp => pymath::math::exp;
    kiln_log => |x| pymath::math::log(x, None);
    kiln_log10 => pymath::math::log10;
    kiln_log2 => pymath::math::log2;
    kiln_sin => pymath::math::sin;
    kiln_cos => pymath::math::cos;
    kiln_tan => pymath::math::tan;
    kiln_asin => pymath::math::asin;
    kiln_acos => pymath::math::acos;
    kiln_atan => pymath::math::atan;
    kiln_sinh => pymath::math::sinh;
    kiln_cosh => pymath::math::cosh;
    kiln_tanh => pymath::math::tanh;
    kiln_erf => pymath::math::erf;
    kiln_erfc => pymath::math::erfc;
    kiln_log1p => pymath::math::log1p;
    kiln_expm1 => pymath::math::expm1;
}

binary_math! {
    kiln_pow => pymath::math::pow;
    kiln_atan2 => pymath::math::atan2;
    kiln_copysign => pymath::math::copysign;
    kiln_hypot => |x, y| Ok(pymath::math::hypot(&[x, y]));
}

/// The C library's functions that pymath's `math_1` wraps, called directly by compiled
/// code: the same symbols pymath links, so the same bits. Compiled code hands the
/// cases where `math_1` would raise (a non-finite argument or result) to the
/// interpreter instead of reading `errno` (see `backend::cpu::calls`).
mod libm {
    unsafe extern "C" {
        pub fn exp(x: f64) -> f64;
        pub fn log(x: f64) -> f64;
        pub fn log10(x: f64) -> f64;
        pub fn log2(x: f64) -> f64;
        pub fn sin(x: f64) -> f64;
        pub fn cos(x: f64) -> f64;
        pub fn tan(x: f64) -> f64;
        pub fn atan(x: f64) -> f64;
        pub fn sinh(x: f64) -> f64;
        pub fn cosh(x: f64) -> f64;
        pub fn tanh(x: f64) -> f64;
    }
}

/// Python's `float ** float` as the interpreter computes it; a result it would raise
/// for or turn complex sets `*status`.
/// # Safety
/// `status` points to the frame's status slot.
pub unsafe extern "C" fn kiln_float_pow(x: f64, y: f64, status: *mut u64) -> f64 {
    let fails = (x == 0.0 && y.is_sign_negative())
        || (x.is_sign_negative() && (y.floor() - y).abs() > f64::EPSILON);
    let r = x.powf(y);
    // An overflow from finite operands: numpy warns, so the interpreter decides.
    if fails || (r.is_infinite() && x.is_finite() && y.is_finite()) {
        unsafe { *status = 1 };
    }
    r
}

/// Python's `divmod(float, float)` for a non-zero divisor, as CPython's
/// `_float_div_mod` computes it: the remainder takes the divisor's sign (a zero one
/// too), and the quotient is `(v1 - mod) / v2` rounded to the nearest integer, which
/// `floor(v1 / v2)` is not where the division rounds up (`1.0 // 0.1` is 9.0). kiln's
/// compile path folds constant floor divisions with it too (kiln-vm's floordiv_fold).
pub fn float_divmod(v1: f64, v2: f64) -> (f64, f64) {
    let mut rem = v1 % v2;
    let mut div = (v1 - rem) / v2;
    if rem != 0.0 {
        if (v2 < 0.0) != (rem < 0.0) {
            rem += v2;
            div -= 1.0;
        }
    } else {
        rem = 0.0f64.copysign(v2);
    }
    let floordiv = if div != 0.0 {
        let floor = div.floor();
        if div - floor > 0.5 {
            floor + 1.0
        } else {
            floor
        }
    } else {
        0.0f64.copysign(v1 / v2)
    };
    (floordiv, rem)
}

/// Python's `float % float` (the divisor is known to be non-zero).
pub extern "C" fn kiln_float_mod(v1: f64, v2: f64, _status: *mut u64) -> f64 {
    float_divmod(v1, v2).1
}

/// Python's `float // float` (the divisor is known to be non-zero).
pub extern "C" fn kiln_float_floordiv(v1: f64, v2: f64, _status: *mut u64) -> f64 {
    float_divmod(v1, v2).0
}

/// `int ** int` for a non-negative exponent, exactly; an overflow of i64 sets
/// `*status` (the interpreter's ints are unbounded).
/// # Safety
/// `status` points to the frame's status slot.
pub unsafe extern "C" fn kiln_int_pow(base: i64, exp: i64, status: *mut u64) -> i64 {
    if exp < 0 {
        unsafe { *status = 1 };
        return 0;
    }
    match u32::try_from(exp).ok().and_then(|e| base.checked_pow(e)) {
        Some(v) => v,
        None => {
            unsafe { *status = 1 };
            0
        }
    }
}

/// Every helper, with the symbol name compiled code imports it by.
/// `a @ b` of two float64 vectors of `n` elements, `sa`/`sb` bytes apart, computed as
/// the interpreter's `@` computes it: the matrix product of a `1 x n` row and an
/// `n x 1` column through matrixmultiply, with the strides it passes (the result
/// depends on the kernel's order of summation, so on nothing else being different).
extern "C" fn kiln_dot_f64(a: *const f64, sa: i64, b: *const f64, sb: i64, n: i64) -> f64 {
    dot(a, sa, b, sb, n, matrixmultiply::dgemm)
}

macro_rules! gemm_helpers {
    ($($name:ident: $t:ty => $gemm:path;)*) => {$(
        /// `c = a @ b` for matrices (`n x k` and `k x m`, strides in bytes, row then
        /// column), as the interpreter's `@` computes it (see [`gemm_into`]).
        #[allow(clippy::too_many_arguments)]
        extern "C" fn $name(
            n: i64,
            k: i64,
            m: i64,
            a: *const $t,
            rsa: i64,
            csa: i64,
            b: *const $t,
            rsb: i64,
            csb: i64,
            c: *mut $t,
            rsc: i64,
            csc: i64,
        ) -> i64 {
            gemm_into([n, k, m], (a, rsa, csa), (b, rsb, csb), (c, rsc, csc), $gemm);
            1
        }
    )*};
}

gemm_helpers! {
    kiln_gemm_f64: f64 => matrixmultiply::dgemm;
    kiln_gemm_f32: f32 => matrixmultiply::sgemm;
}

/// matrixmultiply's GEMM with the operands read in place where it can (the values do
/// not depend on the strides, nor on the interpreter's split of large products by rows
/// over threads), `c` all zeros when `k` is 0. `c` does not overlap `a` or `b`.
fn gemm_into<T: Copy + Default + From<u8>>(
    [n, k, m]: [i64; 3],
    (a, rsa, csa): (*const T, i64, i64),
    (b, rsb, csb): (*const T, i64, i64),
    (c, rsc, csc): (*mut T, i64, i64),
    gemm: Gemm<T>,
) {
    if n <= 0 || m <= 0 {
        return;
    }
    let elem = std::mem::size_of::<T>() as i64;
    let at = |p: *const T, r: i64, s: i64, i: i64, j: i64| -> *const T {
        (p as *const u8).wrapping_offset((i * r + j * s) as isize) as *const T
    };
    if k <= 0 {
        for i in 0..n {
            for j in 0..m {
                // SAFETY: `c` is an `n x m` matrix with these strides.
                unsafe { std::ptr::write_unaligned(at(c, rsc, csc, i, j) as *mut T, T::default()) };
            }
        }
        return;
    }
    // A matrix matrixmultiply cannot read in place (misaligned, or strides not whole
    // elements) is copied to a contiguous one first, as the interpreter does.
    let usable = |p: *const T, r: i64, s: i64| {
        (p as usize).is_multiple_of(std::mem::align_of::<T>()) && r % elem == 0 && s % elem == 0
    };
    let gather = |p: *const T, r: i64, s: i64, rows: i64, cols: i64| -> Vec<T> {
        let mut v = Vec::with_capacity((rows * cols) as usize);
        for i in 0..rows {
            for j in 0..cols {
                // SAFETY: the matrix has `rows x cols` elements at these strides.
                v.push(unsafe { std::ptr::read_unaligned(at(p, r, s, i, j)) });
            }
        }
        v
    };
    let (ga, gb);
    let (a, rsa, csa) = if usable(a, rsa, csa) {
        (a, (rsa / elem) as isize, (csa / elem) as isize)
    } else {
        ga = gather(a, rsa, csa, n, k);
        (ga.as_ptr(), k as isize, 1)
    };
    let (b, rsb, csb) = if usable(b, rsb, csb) {
        (b, (rsb / elem) as isize, (csb / elem) as isize)
    } else {
        gb = gather(b, rsb, csb, k, m);
        (gb.as_ptr(), m as isize, 1)
    };
    // Scratch memory of compiled code: aligned, whole elements apart.
    let (rsc, csc) = ((rsc / elem) as isize, (csc / elem) as isize);
    // SAFETY: the matrices hold their elements at these strides; `c` is apart.
    unsafe {
        gemm(
            n as usize,
            k as usize,
            m as usize,
            T::from(1),
            a,
            rsa,
            csa,
            b,
            rsb,
            csb,
            T::default(),
            c,
            rsc,
            csc,
        )
    }
}

/// Sets `bytes` bytes at `p` to zero (a new array of `np.zeros`).
extern "C" fn kiln_zero_fill(p: *mut u8, bytes: i64) -> i64 {
    if bytes > 0 {
        // SAFETY: `p` is compiled code's scratch memory of at least `bytes` bytes.
        unsafe { std::ptr::write_bytes(p, 0, bytes as usize) };
    }
    1
}

extern "C" fn kiln_dot_f32(a: *const f32, sa: i64, b: *const f32, sb: i64, n: i64) -> f32 {
    dot(a, sa, b, sb, n, matrixmultiply::sgemm)
}

fn dot<T: Copy + Default + From<u8>>(
    a: *const T,
    sa: i64,
    b: *const T,
    sb: i64,
    n: i64,
    gemm: Gemm<T>,
) -> T {
    let mut c = T::default();
    if n <= 0 {
        return c;
    }
    let n = n as usize;
    let elem = std::mem::size_of::<T>() as i64;
    // The interpreter copies a view matrixmultiply cannot read in place (misaligned,
    // or strides not whole elements) to a contiguous one first: the values are the same.
    let usable = |p: *const T, s: i64| {
        (p as usize).is_multiple_of(std::mem::align_of::<T>()) && s % elem == 0
    };
    let gather = |p: *const T, s: i64| -> Vec<T> {
        (0..n)
            .map(|k| {
                // SAFETY: the caller's view has `n` elements `s` bytes apart.
                unsafe {
                    std::ptr::read_unaligned(
                        (p as *const u8).offset(k as isize * s as isize) as *const T
                    )
                }
            })
            .collect()
    };
    let (ga, gb);
    let (a, sa) = if usable(a, sa) {
        (a, (sa / elem) as isize)
    } else {
        ga = gather(a, sa);
        (ga.as_ptr(), 1)
    };
    let (b, sb) = if usable(b, sb) {
        (b, (sb / elem) as isize)
    } else {
        gb = gather(b, sb);
        (gb.as_ptr(), 1)
    };
    // SAFETY: `a` and `b` hold `n` elements at these strides; `c` is one element.
    unsafe {
        gemm(
            1,
            n,
            1,
            T::from(1),
            a,
            0,
            sa,
            b,
            sb,
            0,
            T::default(),
            &mut c,
            1,
            1,
        )
    };
    c
}

/// `x.sum()` of a float64 vector of `n` elements `step` bytes apart, as the
/// interpreter's numpy sums it: `0 + pairwise(x)` (its `reduce`, in
/// stdlib/src/numpy/multiarray/reduce.rs, whose order this follows exactly).
extern "C" fn kiln_sum_f64(x: *const u8, step: i64, n: i64) -> f64 {
    // SAFETY: the caller's view has `n` elements `step` bytes apart.
    0.0 + unsafe { pairwise::<f64>(x, n.max(0) as usize, step as isize) }
}

extern "C" fn kiln_sum_f32(x: *const u8, step: i64, n: i64) -> f32 {
    // SAFETY: as above.
    0.0 + unsafe { pairwise::<f32>(x, n.max(0) as usize, step as isize) }
}

/// numpy's `pairwise_sum`, as the interpreter's numpy calls it.
///
/// # Safety
/// The `n` elements must be readable.
unsafe fn pairwise<T>(ptr: *const u8, n: usize, step: isize) -> T
where
    T: Copy + Default + std::ops::Add<Output = T>,
{
    // SAFETY: as the caller promises.
    unsafe { kiln_numeric::pairwise::pairwise(ptr, n, step, T::default(), &|a, b| a + b) }
}

thread_local! {
    /// The buffers of `Intrinsic::Scratch`, by temporary: kept between runs (a time
    /// loop needs the same one every step), grown when a longer one is asked for.
    static SCRATCH: std::cell::RefCell<std::collections::HashMap<i64, Vec<u64>>> =
        Default::default();
}

/// A buffer of at least `bytes` bytes, 8-aligned, for the temporary numbered `key`;
/// valid until the next call for the same key. Compiled code never runs two nests at
/// once on a thread, so one buffer per temporary of a nest is enough.
extern "C" fn kiln_scratch(key: i64, bytes: i64) -> *mut u8 {
    let words = (bytes.max(0) as usize).div_ceil(8).max(1);
    SCRATCH.with(|s| {
        let mut s = s.borrow_mut();
        let buffer = s.entry(key).or_default();
        if buffer.len() < words {
            // What the buffer held need not survive: each temporary is stored in full
            // (or cleared, `Intrinsic::Zeroed`) after it is pointed at its buffer.
            *buffer = spare(words).unwrap_or_else(|| vec![0; words]);
        }
        buffer.as_mut_ptr() as *mut u8
    })
}

/// The memory of an array a nest made, handed to the interpreter ([`take_scratch`]):
/// when the array dies, its buffer goes back to the spares the scratch memory grows
/// from, as the memory behind a loop's temporaries did before it was handed over.
/// Freeing it instead made a call that returns a fresh array each time (`z =
/// conv(z, h)`, 20 times) shrink and grow the process's heap every call: 3.5 times
/// the page faults.
pub struct ScratchMemory(Vec<u64>);

impl ScratchMemory {
    pub fn bytes(&self) -> usize {
        self.0.len() * 8
    }

    pub fn as_ptr(&self) -> *const u8 {
        self.0.as_ptr() as *const u8
    }
}

impl Drop for ScratchMemory {
    fn drop(&mut self) {
        let memory = std::mem::take(&mut self.0);
        if memory.len() * 8 < SPARE_MIN {
            return;
        }
        let mut spares = SPARES.lock().unwrap_or_else(|e| e.into_inner());
        let held: usize = spares.iter().map(|v| v.len() * 8).sum();
        if spares.len() < SPARE_COUNT && held + memory.len() * 8 <= SPARE_BYTES {
            spares.push(memory);
        }
    }
}

/// Buffers of arrays that died, for the scratch memory to grow from: at most
/// [`SPARE_COUNT`] of them, [`SPARE_BYTES`] together, none under [`SPARE_MIN`] (the
/// allocator keeps small ones well).
static SPARES: std::sync::Mutex<Vec<Vec<u64>>> = std::sync::Mutex::new(Vec::new());
const SPARE_COUNT: usize = 8;
const SPARE_BYTES: usize = 64 << 20;
const SPARE_MIN: usize = 64 << 10;

/// A spare buffer of `words` to twice that many words, where there is one.
fn spare(words: usize) -> Option<Vec<u64>> {
    let mut spares = SPARES.lock().unwrap_or_else(|e| e.into_inner());
    let k = spares
        .iter()
        .position(|v| v.len() >= words && v.len() / 2 <= words)?;
    Some(spares.swap_remove(k))
}

/// The scratch buffer that starts at `data`, handed over by this thread's scratch
/// memory: an array a nest made (`D = np.empty((n, n))`, filled in the loop) becomes
/// the interpreter's without a copy. The temporary gets a new buffer on its next run.
pub fn take_scratch(data: *const u8) -> Option<ScratchMemory> {
    SCRATCH.with(|s| {
        let mut s = s.borrow_mut();
        let buffer = s
            .values_mut()
            .find(|b| !b.is_empty() && std::ptr::eq(b.as_ptr() as *const u8, data))?;
        Some(ScratchMemory(std::mem::take(buffer)))
    })
}

/// numpy's math ufuncs on one element (`Intrinsic::Ufunc`), by number in `Ufunc::ALL`.
extern "C" fn kiln_ufunc_f64(f: i64, x: f64) -> f64 {
    crate::ir::Ufunc::ALL[f as usize].apply_f64(x)
}

/// numpy's `arctan2` and `hypot` of two float64s (`Intrinsic::BinaryUfunc`), by
/// number in `BinaryUfunc::ALL`.
extern "C" fn kiln_binary_ufunc(f: i64, x: f64, y: f64) -> f64 {
    crate::ir::BinaryUfunc::ALL[f as usize].apply(x, y)
}

/// `f64::hypot`: the interpreter's `abs` of a complex number (and numpy's).
extern "C" fn kiln_complex_abs(x: f64, y: f64) -> f64 {
    x.hypot(y)
}

extern "C" fn kiln_ufunc_f32(f: i64, x: f32) -> f32 {
    crate::ir::Ufunc::ALL[f as usize].apply_f32(x)
}

pub fn symbols() -> Vec<(&'static str, *const u8)> {
    vec![
        (INTERRUPT_SYMBOL, INTERRUPT.as_ptr() as *const u8),
        ("kiln_ufunc_f64", kiln_ufunc_f64 as *const u8),
        ("kiln_ufunc_f32", kiln_ufunc_f32 as *const u8),
        ("kiln_binary_ufunc", kiln_binary_ufunc as *const u8),
        ("kiln_complex_abs", kiln_complex_abs as *const u8),
        ("kiln_scratch", kiln_scratch as *const u8),
        (
            "kiln_parallel_loop",
            crate::backend::cpu::parallel_loops::kiln_parallel_loop as *const u8,
        ),
        (
            "kiln_checked_loop",
            crate::backend::cpu::checked_loops::kiln_checked_loop as *const u8,
        ),
        ("kiln_sum_f64", kiln_sum_f64 as *const u8),
        ("kiln_sum_f32", kiln_sum_f32 as *const u8),
        ("kiln_dot_f64", kiln_dot_f64 as *const u8),
        ("kiln_dot_f32", kiln_dot_f32 as *const u8),
        ("kiln_gemm_f64", kiln_gemm_f64 as *const u8),
        ("kiln_zero_fill", kiln_zero_fill as *const u8),
        ("kiln_gemm_f32", kiln_gemm_f32 as *const u8),
        ("kiln_exp", kiln_exp as *const u8),
        ("kiln_log", kiln_log as *const u8),
        ("kiln_log10", kiln_log10 as *const u8),
        ("kiln_log2", kiln_log2 as *const u8),
        ("kiln_sin", kiln_sin as *const u8),
        ("kiln_cos", kiln_cos as *const u8),
        ("kiln_tan", kiln_tan as *const u8),
        ("kiln_asin", kiln_asin as *const u8),
        ("kiln_acos", kiln_acos as *const u8),
        ("kiln_atan", kiln_atan as *const u8),
        ("kiln_sinh", kiln_sinh as *const u8),
        ("kiln_cosh", kiln_cosh as *const u8),
        ("kiln_tanh", kiln_tanh as *const u8),
        ("kiln_erf", kiln_erf as *const u8),
        ("kiln_erfc", kiln_erfc as *const u8),
        ("kiln_log1p", kiln_log1p as *const u8),
        ("kiln_expm1", kiln_expm1 as *const u8),
        ("kiln_pow", kiln_pow as *const u8),
        ("kiln_atan2", kiln_atan2 as *const u8),
        ("kiln_copysign", kiln_copysign as *const u8),
        ("kiln_hypot", kiln_hypot as *const u8),
        ("kiln_float_pow", kiln_float_pow as *const u8),
        ("kiln_float_mod", kiln_float_mod as *const u8),
        ("kiln_float_floordiv", kiln_float_floordiv as *const u8),
        ("kiln_int_pow", kiln_int_pow as *const u8),
        ("kiln_libm_exp", libm::exp as *const u8),
        ("kiln_libm_log", libm::log as *const u8),
        ("kiln_libm_log10", libm::log10 as *const u8),
        ("kiln_libm_log2", libm::log2 as *const u8),
        ("kiln_libm_sin", libm::sin as *const u8),
        ("kiln_libm_cos", libm::cos as *const u8),
        ("kiln_libm_tan", libm::tan as *const u8),
        ("kiln_libm_atan", libm::atan as *const u8),
        ("kiln_libm_sinh", libm::sinh as *const u8),
        ("kiln_libm_cosh", libm::cosh as *const u8),
        ("kiln_libm_tanh", libm::tanh as *const u8),
    ]
    .into_iter()
    .chain(fp::symbols())
    .chain(objects::symbols())
    .chain(
        PROVIDED
            .lock()
            .map(|p| {
                p.iter()
                    .map(|(n, f)| (*n, *f as *const u8))
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default(),
    )
    .collect()
}

/// Helpers the embedding VM provides (what needs its objects: the items of a list).
static PROVIDED: std::sync::Mutex<Vec<(&'static str, usize)>> = std::sync::Mutex::new(Vec::new());

/// Makes `f` the helper compiled code calls by `name`; before the first nest that
/// calls it is compiled.
pub fn provide(name: &'static str, f: *const u8) {
    if let Ok(mut provided) = PROVIDED.lock()
        && !provided.iter().any(|(n, _)| *n == name)
    {
        provided.push((name, f as usize));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_mod_and_floordiv_follow_python() {
        let s = std::ptr::null_mut();
        assert_eq!(kiln_float_mod(-7.0, 2.0, s), 1.0);
        assert_eq!(kiln_float_mod(7.0, -2.0, s), -1.0);
        assert!(kiln_float_mod(-0.0, 2.0, s).is_sign_positive());
        assert_eq!(kiln_float_floordiv(-7.0, 2.0, s), -4.0);
        // Exact multiples of a negative dividend leave a zero of the divisor's sign.
        assert_eq!(kiln_float_mod(-9.0, 1.0, s).to_bits(), 0.0f64.to_bits());
        assert_eq!(kiln_float_mod(9.0, -1.0, s).to_bits(), (-0.0f64).to_bits());
        assert_eq!(kiln_float_mod(-3.0, 1.5, s).to_bits(), 0.0f64.to_bits());
        // The quotient is not floor(v1 / v2) where the division rounds up.
        assert_eq!(kiln_float_floordiv(1.0, 0.1, s), 9.0);
        assert_eq!(kiln_float_floordiv(-1e-300, 1e300, s), -1.0);
        assert_eq!(kiln_float_floordiv(-5.0, f64::INFINITY, s), -1.0);
        assert!(kiln_float_floordiv(f64::INFINITY, 2.0, s).is_nan());
        assert_eq!(
            kiln_float_floordiv(0.0, -3.0, s).to_bits(),
            (-0.0f64).to_bits()
        );
        let bits = |v: f64| v.to_bits();
        assert_eq!(kiln_float_floordiv(6.0, 2.0, s), 3.0);
        assert_eq!(kiln_float_floordiv(-1.25, -1.25, s), 1.0);
        assert_eq!(kiln_float_floordiv(4.0, -2.0, s), -2.0);
        assert_eq!(bits(kiln_float_floordiv(0.5, 3.0, s)), bits(0.0));
        // A zero quotient takes the sign of the true quotient, whatever the remainder.
        assert_eq!(bits(kiln_float_floordiv(0.1 * -3.0, -1.25, s)), bits(0.0));
        assert_eq!(bits(kiln_float_floordiv(-0.3, 1.25, s)), bits(-1.0));
    }

    #[test]
    fn direct_libm_calls_give_pymaths_bits() {
        for x in [0.1, 0.5, 1.0, 2.5, 7.25, 100.0, 1e-300, 700.0] {
            let same = |a: f64, b: f64| assert_eq!(a.to_bits(), b.to_bits(), "at {x}");
            unsafe {
                same(libm::exp(x), pymath::math::exp(x).unwrap());
                same(libm::log(x), pymath::math::log(x, None).unwrap());
                same(libm::log10(x), pymath::math::log10(x).unwrap());
                same(libm::log2(x), pymath::math::log2(x).unwrap());
                same(libm::sin(x), pymath::math::sin(x).unwrap());
                same(libm::cos(-x), pymath::math::cos(-x).unwrap());
                same(libm::tan(x), pymath::math::tan(x).unwrap());
                same(libm::atan(-x), pymath::math::atan(-x).unwrap());
                same(libm::tanh(x), pymath::math::tanh(x).unwrap());
            }
        }
        for x in [0.5, -3.0, 20.0] {
            unsafe {
                assert_eq!(libm::sinh(x), pymath::math::sinh(x).unwrap());
                assert_eq!(libm::cosh(x), pymath::math::cosh(x).unwrap());
            }
        }
    }

    #[test]
    fn helpers_report_what_the_interpreter_raises_for() {
        let mut status = 0u64;
        unsafe { kiln_log(-1.0, 0.0, &mut status) };
        assert_eq!(status, 1);
        let mut status = 0u64;
        assert_eq!(unsafe { kiln_int_pow(3, 4, &mut status) }, 81);
        assert_eq!(status, 0);
        unsafe { kiln_int_pow(10, 40, &mut status) };
        assert_eq!(status, 1);
    }
}
