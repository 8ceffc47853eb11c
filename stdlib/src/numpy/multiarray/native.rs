//! The Rust type of each dtype's elements, and numpy's casts between them.
//!
//! Every kernel is written once, generic over [`Native`], and instantiated for the
//! twelve element types by [`with_native!`](crate::with_native). Casts follow C's
//! conversions as numpy's `astype` does: floats truncate toward zero into integers,
//! integers wrap into narrower ones, anything is true when non-zero.

use crate::numpy::DType;
use crate::numpy::format::Element;

/// complex128's element: two f64, real part first, as numpy stores them.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[repr(C)]
pub struct C64 {
    pub re: f64,
    pub im: f64,
}

pub trait Native: Copy + Send + Sync + PartialEq + std::fmt::Debug + 'static {
    const DTYPE: DType;
    fn to_element(self) -> Element;
    fn from_element(e: Element) -> Self;
    fn zero() -> Self;
    fn one() -> Self;
}

macro_rules! native_int {
    ($t:ty, $dtype:ident, $variant:ident, $wide:ty, $from_float:path) => {
        impl Native for $t {
            const DTYPE: DType = DType::$dtype;
            fn to_element(self) -> Element {
                Element::$variant(self as $wide)
            }
            fn from_element(e: Element) -> Self {
                match e {
                    Element::Bool(b) => b as $t,
                    Element::Int(v) => v as $t,
                    Element::UInt(v) => v as $t,
                    // Out-of-range floats give what x86's conversions give numpy.
                    Element::Float(v) | Element::Complex(v, _) => $from_float(v) as $t,
                }
            }
            fn zero() -> Self {
                0
            }
            fn one() -> Self {
                1
            }
        }
    };
}

/// C's `(npy_int64)x` on x86-64 (`cvttsd2si` to 64 bits): truncation, with NaN and
/// out-of-range values giving the "integer indefinite" `i64::MIN` and the invalid
/// flag.
pub fn float_to_int(v: f64) -> i64 {
    // 2^63 bounds the values an i64 holds.
    if v.is_nan() || !(-9.223_372_036_854_776e18..9.223_372_036_854_776e18).contains(&v) {
        super::fpstatus::raise_invalid();
        i64::MIN
    } else {
        v as i64
    }
}

/// C's `(npy_int32)x`, and the narrower casts compilers make through it, on x86-64
/// (`cvttsd2si` to 32 bits): NaN and values outside int32 give `i32::MIN` and the
/// invalid flag (so NaN is -2147483648 in int32 and 0 in int8 or uint16).
fn float_to_i32(v: f64) -> i64 {
    if v.is_nan() || !(-2_147_483_648.0..2_147_483_648.0).contains(&v) {
        super::fpstatus::raise_invalid();
        i32::MIN as i64
    } else {
        v as i64
    }
}

/// C's `(npy_uint32)x` in numpy's x86-64 build: as [`float_to_u64`], in 32 bits.
fn float_to_u32(v: f64) -> i64 {
    const TWO_31: f64 = 2_147_483_648.0;
    if v >= TWO_31 {
        (float_to_i32(v - TWO_31) as u32 ^ (1 << 31)) as i64
    } else {
        float_to_i32(v)
    }
}

/// C's `(npy_uint64)x` on x86-64: below 2^63 the signed conversion; from 2^63 the
/// signed conversion of `x - 2^63` with the top bit set again, so values past 2^64
/// (and infinity) end as 0.
fn float_to_u64(v: f64) -> u64 {
    const TWO_63: f64 = 9.223_372_036_854_776e18;
    if v >= TWO_63 {
        (float_to_int(v - TWO_63) as u64) ^ (1 << 63)
    } else {
        float_to_int(v) as u64
    }
}

native_int!(i8, Int8, Int, i64, float_to_i32);
native_int!(i16, Int16, Int, i64, float_to_i32);
native_int!(i32, Int32, Int, i64, float_to_i32);
native_int!(i64, Int64, Int, i64, float_to_int);
native_int!(u8, UInt8, UInt, u64, float_to_i32);
native_int!(u16, UInt16, UInt, u64, float_to_i32);
native_int!(u32, UInt32, UInt, u64, float_to_u32);
native_int!(u64, UInt64, UInt, u64, float_to_u64);

impl Native for bool {
    const DTYPE: DType = DType::Bool;
    fn to_element(self) -> Element {
        Element::Bool(self)
    }
    fn from_element(e: Element) -> Self {
        e.as_bool()
    }
    fn zero() -> Self {
        false
    }
    fn one() -> Self {
        true
    }
}

impl Native for f64 {
    const DTYPE: DType = DType::Float64;
    fn to_element(self) -> Element {
        Element::Float(self)
    }
    fn from_element(e: Element) -> Self {
        e.as_f64()
    }
    fn zero() -> Self {
        0.0
    }
    fn one() -> Self {
        1.0
    }
}

impl Native for f32 {
    const DTYPE: DType = DType::Float32;
    fn to_element(self) -> Element {
        Element::Float(self as f64)
    }
    fn from_element(e: Element) -> Self {
        e.as_f64() as f32
    }
    fn zero() -> Self {
        0.0
    }
    fn one() -> Self {
        1.0
    }
}

impl Native for C64 {
    const DTYPE: DType = DType::Complex128;
    fn to_element(self) -> Element {
        Element::Complex(self.re, self.im)
    }
    fn from_element(e: Element) -> Self {
        match e {
            Element::Complex(re, im) => C64 { re, im },
            other => C64 {
                re: other.as_f64(),
                im: 0.0,
            },
        }
    }
    fn zero() -> Self {
        C64::default()
    }
    fn one() -> Self {
        C64 { re: 1.0, im: 0.0 }
    }
}

/// Runs `$body` with `$t` bound to the element type of `$dtype`.
#[macro_export]
macro_rules! with_native {
    ($dtype:expr, $t:ident => $body:expr) => {{
        use $crate::numpy::DType as __D;
        match $dtype {
            __D::Bool => {
                type $t = bool;
                $body
            }
            __D::Int8 => {
                type $t = i8;
                $body
            }
            __D::Int16 => {
                type $t = i16;
                $body
            }
            __D::Int32 => {
                type $t = i32;
                $body
            }
            __D::Int64 => {
                type $t = i64;
                $body
            }
            __D::UInt8 => {
                type $t = u8;
                $body
            }
            __D::UInt16 => {
                type $t = u16;
                $body
            }
            __D::UInt32 => {
                type $t = u32;
                $body
            }
            __D::UInt64 => {
                type $t = u64;
                $body
            }
            __D::Float32 => {
                type $t = f32;
                $body
            }
            __D::Float64 => {
                type $t = f64;
                $body
            }
            __D::Complex128 => {
                type $t = $crate::numpy::multiarray::C64;
                $body
            }
        }
    }};
}
