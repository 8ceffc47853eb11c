//! Element arithmetic with numpy's semantics for each element type: integers wrap,
//! floor division and remainder follow Python's signs, integer division by zero
//! gives 0 and raises the divide flag, `maximum`/`minimum` propagate NaN.

use super::native::{C64, Native};

pub use kiln_numeric::fpstatus::FpFlags;

pub trait Arith: Native {
    fn add(self, o: Self) -> Self;
    fn sub(self, o: Self) -> Self;
    fn mul(self, o: Self) -> Self;
    fn div(self, o: Self, f: &mut FpFlags) -> Self;
    fn floor_div(self, o: Self, f: &mut FpFlags) -> Self;
    fn rem(self, o: Self, f: &mut FpFlags) -> Self;
    fn pow(self, o: Self) -> Self;
    fn max(self, o: Self) -> Self;
    fn min(self, o: Self) -> Self;
    /// `np.fmod`: C's remainder, with the sign of the dividend (`%` is Python's).
    fn fmod(self, o: Self, f: &mut FpFlags) -> Self {
        self.rem(o, f)
    }
    /// `np.fmax`: like `max`, but a NaN loses to a number.
    fn fmax(self, o: Self) -> Self {
        self.max(o)
    }
    /// `np.fmin`: like `min`, but a NaN loses to a number.
    fn fmin(self, o: Self) -> Self {
        self.min(o)
    }
    fn lt(self, o: Self) -> bool;
    fn le(self, o: Self) -> bool;
    fn is_nonzero(self) -> bool;
    fn neg(self) -> Self;
    fn abs(self) -> Self;
    fn sign(self) -> Self;
}

/// Bitwise operations, for bool and the integers.
pub trait Bits: Arith {
    fn and(self, o: Self) -> Self;
    fn or(self, o: Self) -> Self;
    fn xor(self, o: Self) -> Self;
    fn not(self) -> Self;
    fn shl(self, o: Self) -> Self;
    fn shr(self, o: Self) -> Self;
}

macro_rules! int_arith {
    ($t:ty, signed = $signed:expr) => {
        impl Arith for $t {
            fn add(self, o: Self) -> Self {
                self.wrapping_add(o)
            }
            fn sub(self, o: Self) -> Self {
                self.wrapping_sub(o)
            }
            fn mul(self, o: Self) -> Self {
                self.wrapping_mul(o)
            }
            fn div(self, o: Self, f: &mut FpFlags) -> Self {
                self.floor_div(o, f)
            }
            #[allow(unused_comparisons)]
            fn floor_div(self, o: Self, f: &mut FpFlags) -> Self {
                if o == 0 {
                    f.divide = true;
                    return 0;
                }
                if $signed && o == (0 as $t).wrapping_sub(1) && self == <$t>::MIN {
                    f.overflow = true;
                    return <$t>::MIN;
                }
                let q = self / o;
                if $signed && (self % o != 0) && ((self < 0) != (o < 0)) {
                    q - 1
                } else {
                    q
                }
            }
            #[allow(unused_comparisons)]
            fn rem(self, o: Self, f: &mut FpFlags) -> Self {
                if o == 0 {
                    f.divide = true;
                    return 0;
                }
                if $signed && o == (0 as $t).wrapping_sub(1) {
                    return 0;
                }
                let r = self % o;
                if $signed && r != 0 && ((r < 0) != (o < 0)) {
                    r + o
                } else {
                    r
                }
            }
            fn fmod(self, o: Self, f: &mut FpFlags) -> Self {
                if o == 0 {
                    f.divide = true;
                    return 0;
                }
                self.wrapping_rem(o)
            }
            fn pow(self, o: Self) -> Self {
                // Negative exponents are rejected before the loop runs.
                self.wrapping_pow(o as u32)
            }
            fn max(self, o: Self) -> Self {
                Ord::max(self, o)
            }
            fn min(self, o: Self) -> Self {
                Ord::min(self, o)
            }
            fn lt(self, o: Self) -> bool {
                self < o
            }
            fn le(self, o: Self) -> bool {
                self <= o
            }
            fn is_nonzero(self) -> bool {
                self != 0
            }
            fn neg(self) -> Self {
                (0 as $t).wrapping_sub(self)
            }
            #[allow(unused_comparisons)]
            fn abs(self) -> Self {
                if self < 0 { self.neg() } else { self }
            }
            #[allow(unused_comparisons)]
            fn sign(self) -> Self {
                if self > 0 {
                    1
                } else if self < 0 {
                    (0 as $t).wrapping_sub(1)
                } else {
                    0
                }
            }
        }
        impl Bits for $t {
            fn and(self, o: Self) -> Self {
                self & o
            }
            fn or(self, o: Self) -> Self {
                self | o
            }
            fn xor(self, o: Self) -> Self {
                self ^ o
            }
            fn not(self) -> Self {
                !self
            }
            fn shl(self, o: Self) -> Self {
                self.checked_shl(o as u32).unwrap_or(0)
            }
            #[allow(unused_comparisons)]
            fn shr(self, o: Self) -> Self {
                let fill = if self < 0 {
                    (0 as $t).wrapping_sub(1)
                } else {
                    0
                };
                self.checked_shr(o as u32).unwrap_or(fill)
            }
        }
    };
}

int_arith!(i8, signed = true);
int_arith!(i16, signed = true);
int_arith!(i32, signed = true);
int_arith!(i64, signed = true);
int_arith!(u8, signed = false);
int_arith!(u16, signed = false);
int_arith!(u32, signed = false);
int_arith!(u64, signed = false);

macro_rules! float_arith {
    ($t:ty) => {
        impl Arith for $t {
            fn add(self, o: Self) -> Self {
                self + o
            }
            fn sub(self, o: Self) -> Self {
                self - o
            }
            fn mul(self, o: Self) -> Self {
                self * o
            }
            fn div(self, o: Self, f: &mut FpFlags) -> Self {
                // IEEE's flags: 0 / 0 is invalid, a finite non-zero number over 0
                // divides by zero, and an inf or NaN over 0 raises nothing.
                if o == 0.0 {
                    if self == 0.0 {
                        f.invalid = true;
                    } else if self.is_finite() {
                        f.divide = true;
                    }
                }
                self / o
            }
            fn floor_div(self, o: Self, f: &mut FpFlags) -> Self {
                if o == 0.0 {
                    return self.div(o, f);
                }
                let m = self % o;
                let mut div = (self - m) / o;
                if m != 0.0 && ((o < 0.0) != (m < 0.0)) {
                    div -= 1.0;
                }
                if div != 0.0 {
                    let mut fl = div.floor();
                    if div - fl > 0.5 {
                        fl += 1.0;
                    }
                    fl
                } else {
                    (0.0 as $t).copysign(self / o)
                }
            }
            fn rem(self, o: Self, f: &mut FpFlags) -> Self {
                if o == 0.0 {
                    f.invalid |= !self.is_nan();
                    return self % o;
                }
                let m = self % o;
                if m != 0.0 {
                    if (o < 0.0) != (m < 0.0) { m + o } else { m }
                } else {
                    (0.0 as $t).copysign(o)
                }
            }
            fn fmod(self, o: Self, _f: &mut FpFlags) -> Self {
                // Rust's float `%` is C's fmod; a zero divisor raises the CPU's
                // invalid flag, which the loop reads.
                self % o
            }
            fn pow(self, o: Self) -> Self {
                self.powf(o)
            }
            // numpy's loops: NaN wins, and a tie (0.0 against -0.0) gives the second.
            fn max(self, o: Self) -> Self {
                if self.is_nan() || self > o { self } else { o }
            }
            fn min(self, o: Self) -> Self {
                if self.is_nan() || self < o { self } else { o }
            }
            fn fmax(self, o: Self) -> Self {
                if o.is_nan() || self > o { self } else { o }
            }
            fn fmin(self, o: Self) -> Self {
                if o.is_nan() || self < o { self } else { o }
            }
            fn lt(self, o: Self) -> bool {
                self < o
            }
            fn le(self, o: Self) -> bool {
                self <= o
            }
            fn is_nonzero(self) -> bool {
                self != 0.0
            }
            fn neg(self) -> Self {
                -self
            }
            fn abs(self) -> Self {
                <$t>::abs(self)
            }
            fn sign(self) -> Self {
                // The JIT's `np.sign` is this one too.
                kiln_numeric::NumpySign::numpy_sign(self)
            }
        }
    };
}

float_arith!(f32);
float_arith!(f64);

impl Arith for bool {
    fn add(self, o: Self) -> Self {
        self | o
    }
    fn sub(self, o: Self) -> Self {
        self ^ o
    }
    fn mul(self, o: Self) -> Self {
        self & o
    }
    fn div(self, _: Self, _: &mut FpFlags) -> Self {
        unreachable!("bool division runs in a wider dtype")
    }
    fn floor_div(self, _: Self, _: &mut FpFlags) -> Self {
        unreachable!("bool division runs in a wider dtype")
    }
    fn rem(self, _: Self, _: &mut FpFlags) -> Self {
        unreachable!("bool division runs in a wider dtype")
    }
    fn pow(self, _: Self) -> Self {
        unreachable!("bool power runs in a wider dtype")
    }
    fn max(self, o: Self) -> Self {
        self | o
    }
    fn min(self, o: Self) -> Self {
        self & o
    }
    fn lt(self, o: Self) -> bool {
        !self & o
    }
    fn le(self, o: Self) -> bool {
        !self | o
    }
    fn is_nonzero(self) -> bool {
        self
    }
    fn neg(self) -> Self {
        unreachable!("bool negative is rejected")
    }
    fn abs(self) -> Self {
        self
    }
    fn sign(self) -> Self {
        self
    }
}

impl Bits for bool {
    fn and(self, o: Self) -> Self {
        self & o
    }
    fn or(self, o: Self) -> Self {
        self | o
    }
    fn xor(self, o: Self) -> Self {
        self ^ o
    }
    fn not(self) -> Self {
        !self
    }
    fn shl(self, _: Self) -> Self {
        unreachable!("bool shifts run in int8")
    }
    fn shr(self, _: Self) -> Self {
        unreachable!("bool shifts run in int8")
    }
}

impl C64 {
    pub fn new(re: f64, im: f64) -> C64 {
        C64 { re, im }
    }
    pub fn norm(self) -> f64 {
        self.re.hypot(self.im)
    }
    pub fn exp(self) -> C64 {
        let r = self.re.exp();
        C64::new(r * self.im.cos(), r * self.im.sin())
    }
    pub fn ln(self) -> C64 {
        C64::new(self.norm().ln(), self.im.atan2(self.re))
    }
    pub fn sqrt(self) -> C64 {
        if self.re == 0.0 && self.im == 0.0 {
            return C64::new(0.0, self.im);
        }
        let t = ((self.re.abs() + self.norm()) / 2.0).sqrt();
        if self.re >= 0.0 {
            C64::new(t, self.im / (2.0 * t))
        } else {
            C64::new(self.im.abs() / (2.0 * t), t.copysign(self.im))
        }
    }
}

impl Arith for C64 {
    fn add(self, o: Self) -> Self {
        C64::new(self.re + o.re, self.im + o.im)
    }
    fn sub(self, o: Self) -> Self {
        C64::new(self.re - o.re, self.im - o.im)
    }
    fn mul(self, o: Self) -> Self {
        let (a, b, c, d) = (self.re, self.im, o.re, o.im);
        // Each part on its own: vectorised together, the parts' subtraction and
        // addition run on both lanes and the lane thrown away can overflow, raising a
        // flag numpy does not (`black_box` keeps LLVM from pairing them).
        let re = std::hint::black_box(a * c - b * d);
        C64::new(re, a * d + b * c)
    }
    fn div(self, o: Self, f: &mut FpFlags) -> Self {
        // Smith's algorithm, as numpy uses.
        let (a, b, c, d) = (self.re, self.im, o.re, o.im);
        if c == 0.0 && d == 0.0 {
            f.divide = true;
            return C64::new(a / c.abs(), b / c.abs());
        }
        if c.abs() >= d.abs() {
            let rat = d / c;
            let scl = 1.0 / (c + d * rat);
            C64::new((a + b * rat) * scl, (b - a * rat) * scl)
        } else {
            let rat = c / d;
            let scl = 1.0 / (d + c * rat);
            C64::new((a * rat + b) * scl, (b * rat - a) * scl)
        }
    }
    fn floor_div(self, _: Self, _: &mut FpFlags) -> Self {
        unreachable!("complex floor division is rejected")
    }
    fn rem(self, _: Self, _: &mut FpFlags) -> Self {
        unreachable!("complex remainder is rejected")
    }
    fn pow(self, o: Self) -> Self {
        if o.re == 0.0 && o.im == 0.0 {
            return C64::new(1.0, 0.0);
        }
        if self.re == 0.0 && self.im == 0.0 {
            return C64::new(0.0, 0.0);
        }
        if o.im == 0.0 && o.re.fract() == 0.0 && o.re.abs() <= 100.0 {
            let mut n = o.re.abs() as u32;
            let (mut acc, mut base) = (C64::new(1.0, 0.0), self);
            while n > 0 {
                if n & 1 == 1 {
                    acc = acc.mul(base);
                }
                base = base.mul(base);
                n >>= 1;
            }
            return if o.re < 0.0 {
                C64::new(1.0, 0.0).div(acc, &mut FpFlags::default())
            } else {
                acc
            };
        }
        self.ln().mul(o).exp()
    }
    fn max(self, o: Self) -> Self {
        if self.re.is_nan() || self.im.is_nan() || !self.lt(o) {
            self
        } else {
            o
        }
    }
    fn min(self, o: Self) -> Self {
        if self.re.is_nan() || self.im.is_nan() || self.le(o) {
            self
        } else {
            o
        }
    }
    fn lt(self, o: Self) -> bool {
        self.re < o.re || (self.re == o.re && self.im < o.im)
    }
    fn le(self, o: Self) -> bool {
        self.re < o.re || (self.re == o.re && self.im <= o.im)
    }
    fn is_nonzero(self) -> bool {
        self.re != 0.0 || self.im != 0.0
    }
    fn neg(self) -> Self {
        C64::new(-self.re, -self.im)
    }
    fn abs(self) -> Self {
        C64::new(self.norm(), 0.0)
    }
    fn sign(self) -> Self {
        let n = self.norm();
        if n == 0.0 {
            self
        } else {
            C64::new(self.re / n, self.im / n)
        }
    }
}
