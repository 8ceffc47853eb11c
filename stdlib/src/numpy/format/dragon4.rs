//! Decimal digits of binary floats as numpy prints them: Dragon4 (Steele & White,
//! in Burger & Dybvig's formulation) over exact big integers, with numpy's options.
//!
//! The value `m * 2^e` and its rounding interval are scaled to integers
//! (`value / scale`, margins `low`/`high` = half the gap to each neighbour), then
//! digits are produced one at a time by `value = value mod scale; value *= 10`.
//! In *unique* mode digit generation stops as soon as the digits printed so far
//! (rounded up or down) fall inside the interval, i.e. they read back as the same
//! float, which gives the shortest round-trip digits; interval ends count as inside
//! when the mantissa is even (round-half-even readers pick it). Precision cut-offs
//! (`cutoff_max`, a number of total or fractional digits) can stop earlier and
//! `cutoff_min` can force more digits. In *exact* mode digits are those of the exact
//! binary value up to the cut-off. The final digit is rounded to nearest, ties to
//! even, with a carry that may add a leading `1`.
//!
//! `format_positional` and `format_scientific` then lay the digits out with
//! numpy's trimming and padding rules (`np.format_float_positional`,
//! `np.format_float_scientific`), which the array printer builds on.

use super::bigint::BigUint;

/// numpy's output buffer: at most this many characters including the terminator,
/// which bounds the digits a huge precision can ask for.
const BUFFER_SIZE: i32 = 16384;

/// The binary format a value is printed in: the digits that make a float32 unique
/// are fewer than for the same value as a float64.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatKind {
    F32,
    F64,
}

/// What happens to trailing zeros and the decimal point (`trim=` of
/// `np.format_float_positional`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trim {
    /// `'k'`: keep trailing zeros and the decimal point.
    Keep,
    /// `'.'`: drop trailing zeros, keep the point (`1.`).
    Zeros,
    /// `'0'`: drop trailing zeros but keep one after the point (`1.0`).
    LeaveOneZero,
    /// `'-'`: drop trailing zeros and the point (`1`).
    DptZeros,
}

impl Trim {
    pub fn from_char(c: &str) -> Option<Trim> {
        Some(match c {
            "k" => Trim::Keep,
            "." => Trim::Zeros,
            "0" => Trim::LeaveOneZero,
            "-" => Trim::DptZeros,
            _ => return None,
        })
    }
}

/// Options of one Dragon4 call; `-1` means "not given", as in numpy's C code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dragon4Options {
    /// Shortest round-trip digits (`true`) or exact digits up to `precision`.
    pub unique: bool,
    /// Positional only: `precision`/`min_digits` count digits after the point
    /// (`true`) or significant digits (`false`).
    pub fractional: bool,
    pub precision: i32,
    pub min_digits: i32,
    /// Print `+` for positive values.
    pub sign: bool,
    pub trim: Trim,
    pub pad_left: i32,
    /// Positional only.
    pub pad_right: i32,
    /// Scientific only: at least this many exponent digits (default 2).
    pub exp_digits: i32,
}

impl Default for Dragon4Options {
    /// `np.format_float_positional`'s defaults.
    fn default() -> Self {
        Dragon4Options {
            unique: true,
            fractional: true,
            precision: -1,
            min_digits: -1,
            sign: false,
            trim: Trim::Keep,
            pad_left: -1,
            pad_right: -1,
            exp_digits: -1,
        }
    }
}

/// A finite float split as `mantissa * 2^exponent`, as Dragon4 wants it.
struct Decomposed {
    negative: bool,
    mantissa: u64,
    exponent: i32,
    /// Index of the highest set bit of the mantissa.
    mantissa_bit: u32,
    /// The gap to the next float above is twice the gap below (a power of two).
    unequal_margins: bool,
}

enum Class {
    Finite(Decomposed),
    Inf { negative: bool },
    Nan,
}

fn classify(x: f64, kind: FloatKind) -> Class {
    let (negative, exp_field, frac, frac_bits, exp_max, bias) = match kind {
        FloatKind::F64 => {
            let b = x.to_bits();
            (
                b >> 63 != 0,
                ((b >> 52) & 0x7ff) as i32,
                b & ((1 << 52) - 1),
                52u32,
                0x7ff,
                1023,
            )
        }
        FloatKind::F32 => {
            let b = (x as f32).to_bits();
            let frac = (b & ((1 << 23) - 1)) as u64;
            (
                b >> 31 != 0,
                ((b >> 23) & 0xff) as i32,
                frac,
                23u32,
                0xff,
                127,
            )
        }
    };
    if exp_field == exp_max {
        return if frac == 0 {
            Class::Inf { negative }
        } else {
            Class::Nan
        };
    }
    Class::Finite(if exp_field != 0 {
        Decomposed {
            negative,
            mantissa: (1 << frac_bits) | frac,
            exponent: exp_field - bias - frac_bits as i32,
            mantissa_bit: frac_bits,
            unequal_margins: exp_field != 1 && frac == 0,
        }
    } else {
        Decomposed {
            negative,
            mantissa: frac,
            exponent: 1 - bias - frac_bits as i32,
            mantissa_bit: if frac == 0 {
                0
            } else {
                63 - frac.leading_zeros()
            },
            unequal_margins: false,
        }
    })
}

/// Digits of `d`'s magnitude and the decimal exponent of the first one.
/// `cutoff_max`/`cutoff_min` are digit counts (`-1`: none), read as fractional
/// digits when `fractional`, else as total digits.
fn dragon4(
    d: &Decomposed,
    unique: bool,
    fractional: bool,
    cutoff_max: i32,
    cutoff_min: i32,
    buffer_size: i32,
) -> (Vec<u8>, i32) {
    if d.mantissa == 0 {
        return (vec![b'0'], 0);
    }
    let is_even = d.mantissa.is_multiple_of(2);
    let mut value = BigUint::from_u64(d.mantissa);
    let mut scale;
    let mut margin_low;
    // Everything is doubled (quadrupled with unequal margins) so that the half-gap
    // margins are integers.
    let extra = if d.unequal_margins { 2 } else { 1 };
    if d.exponent > 0 {
        value.shl(d.exponent as u32 + extra);
        scale = BigUint::from_u64(1 << extra);
        margin_low = BigUint::pow2(d.exponent as u32);
    } else {
        value.shl(extra);
        scale = BigUint::pow2((-d.exponent) as u32 + extra);
        margin_low = BigUint::from_u64(1);
    }
    let margin_high = |low: &BigUint| {
        if d.unequal_margins {
            let mut high = low.clone();
            high.shl(1);
            high
        } else {
            low.clone()
        }
    };

    // floor(log10(v)) + 1, or one less (numpy's estimate; corrected below).
    let log10_2 = std::f64::consts::LOG10_2;
    let mut digit_exponent =
        (((d.mantissa_bit as i32 + d.exponent) as f64) * log10_2 - 0.69).ceil() as i32;
    // A fractional cut-off above the first digit: start at the cut-off, so the
    // leading digits are zeros that round.
    if cutoff_max >= 0 && fractional && digit_exponent <= -cutoff_max {
        digit_exponent = -cutoff_max + 1;
    }
    if digit_exponent > 0 {
        scale.mul_pow10(digit_exponent as u32);
    } else if digit_exponent < 0 {
        let pow10 = BigUint::pow10((-digit_exponent) as u32);
        value = value.mul(&pow10);
        margin_low = margin_low.mul(&pow10);
    }
    if value >= scale {
        digit_exponent += 1;
    } else {
        value.mul_small(10);
        margin_low.mul_small(10);
    }
    debug_assert!(value < scale.clone().mul(&BigUint::from_u64(10)));

    let mut cutoff_max_exponent = digit_exponent - buffer_size;
    if cutoff_max >= 0 {
        let desired = if fractional {
            -cutoff_max
        } else {
            digit_exponent - cutoff_max
        };
        cutoff_max_exponent = cutoff_max_exponent.max(desired);
    }
    let mut cutoff_min_exponent = digit_exponent;
    if cutoff_min >= 0 {
        let desired = if fractional {
            -cutoff_min
        } else {
            digit_exponent - cutoff_min
        };
        cutoff_min_exponent = cutoff_min_exponent.min(desired);
    }
    let mut out_exponent = digit_exponent - 1;

    let mut digits = Vec::new();
    let (mut low, mut high) = (false, false);
    let mut digit;
    if unique {
        loop {
            digit_exponent -= 1;
            digit = value.div_rem_digit(&scale);
            let value_high = value.add(&margin_high(&margin_low));
            low = if is_even {
                value <= margin_low
            } else {
                value < margin_low
            };
            high = if is_even {
                value_high >= scale
            } else {
                value_high > scale
            };
            if ((low || high) && digit_exponent <= cutoff_min_exponent)
                || digit_exponent == cutoff_max_exponent
            {
                break;
            }
            digits.push(b'0' + digit as u8);
            value.mul_small(10);
            margin_low.mul_small(10);
        }
    } else {
        loop {
            digit_exponent -= 1;
            digit = value.div_rem_digit(&scale);
            if value.is_zero() || digit_exponent == cutoff_max_exponent {
                break;
            }
            digits.push(b'0' + digit as u8);
            value.mul_small(10);
        }
    }

    // Round the last digit: down when only rounding down stays in the interval,
    // up when only rounding up does, else to nearest with ties to even.
    let mut round_down = low;
    if low == high {
        value.mul_small(2);
        round_down = match value.cmp(&scale) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Equal => digit % 2 == 0,
            std::cmp::Ordering::Greater => false,
        };
    }
    if round_down {
        digits.push(b'0' + digit as u8);
    } else if digit < 9 {
        digits.push(b'0' + digit as u8 + 1);
    } else {
        // Carry: trailing nines vanish, the digit before them grows.
        loop {
            match digits.pop() {
                None => {
                    digits.push(b'1');
                    out_exponent += 1;
                    break;
                }
                Some(b'9') => continue,
                Some(c) => {
                    digits.push(c + 1);
                    break;
                }
            }
        }
    }
    (digits, out_exponent)
}

fn sign_char(negative: bool, plus: bool) -> Option<char> {
    if negative {
        Some('-')
    } else if plus {
        Some('+')
    } else {
        None
    }
}

fn inf_nan(class: &Class, plus: bool) -> Option<String> {
    match class {
        Class::Finite(_) => None,
        Class::Nan => Some("nan".to_string()),
        Class::Inf { negative } => {
            let mut s = String::new();
            s.extend(sign_char(*negative, plus));
            s.push_str("inf");
            Some(s)
        }
    }
}

/// `np.format_float_positional(x, ...)` for a value of the given binary kind.
pub fn format_positional(x: f64, kind: FloatKind, opt: &Dragon4Options) -> String {
    let class = classify(x, kind);
    if let Some(s) = inf_nan(&class, opt.sign) {
        return s;
    }
    let Class::Finite(d) = class else {
        unreachable!()
    };
    let mut out = String::new();
    let sign = sign_char(d.negative, opt.sign);
    let has_sign = sign.is_some() as i32;
    out.extend(sign);
    let (digits, print_exponent) = dragon4(
        &d,
        opt.unique,
        opt.fractional,
        opt.precision,
        opt.min_digits,
        BUFFER_SIZE - 1 - has_sign,
    );
    let num_digits = digits.len() as i32;
    let digits = std::str::from_utf8(&digits).expect("ascii digits");

    let num_whole_digits;
    let mut num_fraction_digits = 0;
    if print_exponent >= 0 {
        num_whole_digits = print_exponent + 1;
        if num_digits <= num_whole_digits {
            out.push_str(digits);
            out.extend(std::iter::repeat_n(
                '0',
                (num_whole_digits - num_digits) as usize,
            ));
        } else {
            out.push_str(&digits[..num_whole_digits as usize]);
            out.push('.');
            out.push_str(&digits[num_whole_digits as usize..]);
            num_fraction_digits = num_digits - num_whole_digits;
        }
    } else {
        let zeros = -(print_exponent + 1);
        out.push_str("0.");
        out.extend(std::iter::repeat_n('0', zeros as usize));
        out.push_str(digits);
        num_whole_digits = 1;
        num_fraction_digits = zeros + num_digits;
    }

    if opt.trim != Trim::DptZeros && num_fraction_digits == 0 {
        out.push('.');
    }
    let add_digits = if opt.unique {
        opt.min_digits
    } else {
        opt.precision
    };
    let desired_fraction_digits = if opt.fractional {
        add_digits.max(0)
    } else {
        add_digits - num_whole_digits
    };
    match opt.trim {
        Trim::LeaveOneZero if num_fraction_digits == 0 => {
            out.push('0');
            num_fraction_digits += 1;
        }
        Trim::Keep if desired_fraction_digits > num_fraction_digits => {
            let count = desired_fraction_digits - num_fraction_digits;
            out.extend(std::iter::repeat_n('0', count as usize));
            num_fraction_digits += count;
        }
        _ => {}
    }
    // Rounding can leave trailing zeros: trim them as asked.
    if opt.trim != Trim::Keep && num_fraction_digits > 0 {
        while out.ends_with('0') {
            out.pop();
            num_fraction_digits -= 1;
        }
        if out.ends_with('.') {
            match opt.trim {
                Trim::LeaveOneZero => {
                    out.push('0');
                    num_fraction_digits += 1;
                }
                Trim::DptZeros => {
                    out.pop();
                }
                _ => {}
            }
        }
    }

    if opt.pad_right >= num_fraction_digits {
        if opt.trim == Trim::DptZeros && num_fraction_digits == 0 {
            out.push(' ');
        }
        out.extend(std::iter::repeat_n(
            ' ',
            (opt.pad_right - num_fraction_digits) as usize,
        ));
    }
    if opt.pad_left > num_whole_digits + has_sign {
        let shift = (opt.pad_left - (num_whole_digits + has_sign)) as usize;
        out.insert_str(0, &" ".repeat(shift));
    }
    out
}

/// `np.format_float_scientific(x, ...)` for a value of the given binary kind
/// (`fractional` and `pad_right` are ignored).
pub fn format_scientific(x: f64, kind: FloatKind, opt: &Dragon4Options) -> String {
    let class = classify(x, kind);
    if let Some(s) = inf_nan(&class, opt.sign) {
        return s;
    }
    let Class::Finite(d) = class else {
        unreachable!()
    };
    let mut out = String::new();
    let sign = sign_char(d.negative, opt.sign);
    let left_chars = 1 + sign.is_some() as i32;
    let mut buffer_size = BUFFER_SIZE;
    if opt.pad_left > left_chars {
        let pad = opt.pad_left - left_chars;
        out.push_str(&" ".repeat(pad as usize));
        buffer_size -= pad;
    }
    out.extend(sign);
    buffer_size -= sign.is_some() as i32;
    let (digits, mut print_exponent) = dragon4(
        &d,
        opt.unique,
        false,
        if opt.precision < 0 {
            -1
        } else {
            opt.precision + 1
        },
        if opt.min_digits < 0 {
            -1
        } else {
            opt.min_digits + 1
        },
        buffer_size,
    );
    out.push(digits[0] as char);
    let mut num_fraction_digits = digits.len() as i32 - 1;
    if num_fraction_digits > 0 {
        out.push('.');
        out.push_str(std::str::from_utf8(&digits[1..]).expect("ascii digits"));
    }
    if opt.trim != Trim::DptZeros && num_fraction_digits == 0 {
        out.push('.');
    }
    let add_digits = if opt.unique {
        opt.min_digits
    } else {
        opt.precision
    }
    .max(0);
    match opt.trim {
        Trim::LeaveOneZero if num_fraction_digits == 0 => {
            out.push('0');
            num_fraction_digits += 1;
        }
        Trim::Keep if add_digits > num_fraction_digits => {
            out.extend(std::iter::repeat_n(
                '0',
                (add_digits - num_fraction_digits) as usize,
            ));
        }
        _ => {}
    }
    // numpy trims zeros here but, unlike positional output, never the point.
    if opt.trim != Trim::Keep && num_fraction_digits > 0 {
        while out.ends_with('0') {
            out.pop();
        }
        if opt.trim == Trim::LeaveOneZero && out.ends_with('.') {
            out.push('0');
        }
    }

    let exp_digits = match opt.exp_digits {
        e if e < 0 => 2,
        e => e.min(5),
    } as usize;
    out.push('e');
    out.push(if print_exponent >= 0 { '+' } else { '-' });
    print_exponent = print_exponent.abs();
    // At least `exp_digits` digits: none at all for a zero exponent and 0 digits.
    if print_exponent != 0 || exp_digits > 0 {
        out.push_str(&format!("{:0width$}", print_exponent, width = exp_digits));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(x: f64) -> String {
        format_positional(x, FloatKind::F64, &Dragon4Options::default())
    }

    #[test]
    fn shortest_digits() {
        assert_eq!(pos(0.1), "0.1");
        assert_eq!(pos(1.0), "1.");
        assert_eq!(pos(-0.0), "-0.");
        assert_eq!(pos(123456789.0), "123456789.");
        assert_eq!(pos(5e-324), "0.".to_string() + &"0".repeat(323) + "5");
        assert_eq!(pos(f64::NAN), "nan");
        assert_eq!(pos(f64::NEG_INFINITY), "-inf");
        assert_eq!(
            format_positional(0.1, FloatKind::F32, &Dragon4Options::default()),
            "0.1"
        );
    }
}
