//! The repr and str of numpy scalars (`np.float64(1.5)` / `1.5`, `np.True_`).
//!
//! Floats print their shortest round-trip digits for their own type, positional
//! for magnitudes in [1e-4, 1e16) (float32: [1e-4, 1e6)) and zero, scientific
//! otherwise (`1e+16`, `1.5e-05`). Complex parts drop a trailing `.0` (`(1+2j)`)
//! and a `+0` real part is left out (`2j`). numpy 1.13's scalars printed with
//! `printf`'s `%.17g` (repr) and `%.12g` (str), `%.8g`/`%.6g` for float32.

use super::dragon4::{Dragon4Options, FloatKind, Trim, format_positional, format_scientific};
use super::options::Legacy;
use super::{DTypeClass, Element, dtype_class};
use crate::numpy::DType;

/// numpy's float-scalar text: positional inside the cut-offs, else scientific.
struct FloatText {
    kind: FloatKind,
    legacy: Legacy,
}

fn float_text(x: f64, ft: &FloatText, trim_pos: Trim, trim_sci: Trim, sign: bool) -> String {
    let kind = ft.kind;
    let max_positional = match kind {
        FloatKind::F32 if ft.legacy > Legacy::V2_2 => 1e6,
        _ => 1e16,
    };
    let positional = x.is_nan() || x == 0.0 || (x.abs() < max_positional && x.abs() >= 1e-4);
    let opt = Dragon4Options {
        sign,
        ..Dragon4Options::default()
    };
    if positional {
        format_positional(
            x,
            kind,
            &Dragon4Options {
                trim: trim_pos,
                ..opt
            },
        )
    } else {
        format_scientific(
            x,
            kind,
            &Dragon4Options {
                trim: trim_sci,
                ..opt
            },
        )
    }
}

/// `(re+imj)` without the parentheses when the real part is `+0`.
fn complex_text(re: f64, im: f64, legacy: Legacy) -> (Option<String>, String) {
    let trim = Trim::DptZeros;
    let ft = &FloatText {
        kind: FloatKind::F64,
        legacy,
    };
    if re == 0.0 && !re.is_sign_negative() {
        return (None, float_text(im, ft, trim, trim, false));
    }
    let r = if re.is_finite() {
        float_text(re, ft, trim, trim, false)
    } else if re.is_nan() {
        "nan".to_string()
    } else if re > 0.0 {
        "inf".to_string()
    } else {
        "-inf".to_string()
    };
    let i = if im.is_finite() {
        float_text(im, ft, trim, trim, true)
    } else if im.is_nan() {
        "+nan".to_string()
    } else if im > 0.0 {
        "+inf".to_string()
    } else {
        "-inf".to_string()
    };
    (Some(r), i)
}

/// `str()` of a numpy scalar of `dtype`.
pub fn scalar_str(dtype: DType, v: Element, legacy: Legacy) -> String {
    if legacy <= Legacy::V1_13 {
        return legacy_text(dtype, v, false);
    }
    match dtype_class(dtype) {
        DTypeClass::Bool => if v.as_bool() { "True" } else { "False" }.to_string(),
        DTypeClass::Int => v.as_i128().to_string(),
        DTypeClass::Float(kind) => {
            let ft = &FloatText { kind, legacy };
            float_text(v.as_f64(), ft, Trim::LeaveOneZero, Trim::DptZeros, false)
        }
        DTypeClass::Complex => {
            let (re, im) = v.as_complex();
            match complex_text(re, im, legacy) {
                (None, i) => format!("{i}j"),
                (Some(r), i) => format!("({r}{i}j)"),
            }
        }
    }
}

/// `repr()` of a numpy scalar of `dtype`: `np.float64(1.5)`, `np.True_`; with
/// `legacy` 1.25 or older, the same as its str.
pub fn scalar_repr(dtype: DType, v: Element, legacy: Legacy) -> String {
    if legacy <= Legacy::V1_13 {
        return legacy_text(dtype, v, true);
    }
    if legacy <= Legacy::V1_25 {
        return scalar_str(dtype, v, legacy);
    }
    match dtype_class(dtype) {
        DTypeClass::Bool => if v.as_bool() { "np.True_" } else { "np.False_" }.to_string(),
        DTypeClass::Complex => {
            let (re, im) = v.as_complex();
            match complex_text(re, im, legacy) {
                (None, i) => format!("np.{}({i}j)", dtype.name()),
                (Some(r), i) => format!("np.{}({r}{i}j)", dtype.name()),
            }
        }
        DTypeClass::Int | DTypeClass::Float(_) => {
            format!("np.{}({})", dtype.name(), scalar_str(dtype, v, legacy))
        }
    }
}

/// Python's `repr(a.item())`: the element as a Python bool, int, float or complex
/// (float32 values widen to float, so they show float64 digits).
pub fn python_repr(dtype: DType, v: Element) -> String {
    let as_f64 = match dtype {
        DType::Float32 => DType::Float64,
        other => other,
    };
    scalar_str(as_f64, v, Legacy::Off)
}

/// C's `printf("%.{precision}g")`, with `+` for positive values when `plus`: the
/// value rounded (exactly, ties to even, as glibc does) to `precision` significant
/// digits, in positional notation when its exponent lies in [-4, precision),
/// trailing zeros and point removed. nan and inf print as numpy's `NumPyOS` does.
fn printf_g(x: f64, precision: i32, plus: bool) -> String {
    if !x.is_finite() {
        let s = if x.is_nan() {
            "nan"
        } else if x < 0.0 {
            "-inf"
        } else {
            "inf"
        };
        return if plus && !s.starts_with('-') {
            format!("+{s}")
        } else {
            s.to_string()
        };
    }
    let exact = Dragon4Options {
        unique: false,
        sign: plus,
        ..Dragon4Options::default()
    };
    let sci = format_scientific(
        x,
        FloatKind::F64,
        &Dragon4Options {
            precision: precision - 1,
            ..exact
        },
    );
    let (mantissa, exp) = sci.split_once('e').expect("exponent");
    let exponent: i32 = exp.parse().expect("integer exponent");
    let strip = |s: &str| s.trim_end_matches('0').trim_end_matches('.').to_string();
    if exponent < -4 || exponent >= precision {
        format!("{}e{}", strip(mantissa), exp)
    } else {
        let fixed = format_positional(
            x,
            FloatKind::F64,
            &Dragon4Options {
                precision: precision - 1 - exponent,
                ..exact
            },
        );
        strip(&fixed)
    }
}

/// numpy 1.13's scalar text (repr when `repr`, else str).
fn legacy_text(dtype: DType, v: Element, repr: bool) -> String {
    let precision = match (dtype, repr) {
        (DType::Float32, true) => 8,
        (DType::Float32, false) => 6,
        (_, true) => 17,
        (_, false) => 12,
    };
    match dtype_class(dtype) {
        DTypeClass::Bool | DTypeClass::Int => scalar_str(dtype, v, Legacy::Off),
        DTypeClass::Float(_) => {
            let s = printf_g(v.as_f64(), precision, false);
            let digits = s.strip_prefix('-').unwrap_or(&s);
            if digits.bytes().all(|b| b.is_ascii_digit()) {
                s + ".0"
            } else {
                s
            }
        }
        DTypeClass::Complex => {
            let (re, im) = v.as_complex();
            let star = if im.is_finite() { "" } else { "*" };
            if re == 0.0 && !re.is_sign_negative() {
                return format!("{}{star}j", printf_g(im, precision, false));
            }
            let r = printf_g(re, precision, false);
            format!("({r}{}{star}j)", printf_g(im, precision, true))
        }
    }
}
