//! Per-element formatters of the array printer (numpy's `FloatingFormat`,
//! `ComplexFloatingFormat`, `IntegerFormat`, `BoolFormat`).
//!
//! Each is built from every element that will be printed (after summarisation),
//! choosing one layout for all of them (notation, digits, padding), so that the
//! strings it then returns for single elements line up in columns.

use super::dragon4::{Dragon4Options, FloatKind, Trim, format_positional, format_scientific};
use super::options::{FloatMode, Legacy, PrintOptions, Sign};
use super::{Element, clen};
use crate::numpy::DType;

/// Formats floats of one array (or of one component of a complex array).
#[derive(Clone, Debug)]
pub struct FloatFormat {
    kind: FloatKind,
    floatmode: FloatMode,
    /// `-1`: no limit.
    precision: i32,
    min_digits: i32,
    sign: Sign,
    exp_format: bool,
    unique: bool,
    trim: Trim,
    pad_left: i64,
    pad_right: i64,
    exp_size: i32,
    nanstr: String,
    infstr: String,
}

impl FloatFormat {
    /// Chooses the layout for `values`, which are of `kind` (float32 values are
    /// passed widened to f64), for an array with axes unless `zero_d`.
    pub fn new(
        values: &[f64],
        kind: FloatKind,
        opts: &PrintOptions,
        floatmode: FloatMode,
        sign: Sign,
        zero_d: bool,
    ) -> FloatFormat {
        let legacy_113 = opts.legacy <= Legacy::V1_13;
        // numpy 1.13 kept a sign column in arrays.
        let sign = if legacy_113 && !zero_d && sign == Sign::Minus {
            Sign::Space
        } else {
            sign
        };
        let precision = if floatmode == FloatMode::Unique {
            -1
        } else {
            opts.precision.min(i32::MAX as usize) as i32
        };
        let mut f = FloatFormat {
            kind,
            floatmode,
            precision,
            min_digits: -1,
            sign,
            exp_format: false,
            unique: true,
            trim: Trim::Zeros,
            pad_left: 0,
            pad_right: 0,
            exp_size: -1,
            nanstr: opts.nanstr.clone(),
            infstr: opts.infstr.clone(),
        };
        let finite: Vec<f64> = values.iter().copied().filter(|v| v.is_finite()).collect();
        f.exp_format = uses_exp_format(&finite, kind, opts);
        let plus = sign == Sign::Plus;
        if finite.is_empty() {
            // Only nan/inf: nothing to measure.
        } else if f.exp_format {
            let (trim, unique) = if f.floatmode == FloatMode::Fixed || legacy_113 {
                (Trim::Keep, false)
            } else {
                (Trim::Zeros, true)
            };
            let opt = Dragon4Options {
                unique,
                precision: f.precision,
                trim,
                sign: plus,
                ..Dragon4Options::default()
            };
            let (mut int_len, mut frac_len, mut exp_len) = (0, 0, 0);
            for &x in &finite {
                let s = format_scientific(x, kind, &opt);
                let (mantissa, exp) = s.split_once('e').expect("scientific notation");
                let (int, frac) = mantissa.split_once('.').expect("decimal point");
                int_len = int_len.max(int.len());
                frac_len = frac_len.max(frac.len());
                exp_len = exp_len.max(exp.len());
            }
            f.exp_size = exp_len as i32 - 1;
            f.trim = Trim::Keep;
            f.precision = frac_len as i32;
            f.min_digits = f.precision;
            f.unique = unique;
            // numpy 1.13: room for two spaces and a sign.
            f.pad_left = if legacy_113 { 3 } else { int_len as i64 };
            f.pad_right = f.exp_size as i64 + 2 + f.precision as i64;
        } else {
            let (trim, unique) = if f.floatmode == FloatMode::Fixed {
                (Trim::Keep, false)
            } else {
                (Trim::Zeros, true)
            };
            let opt = Dragon4Options {
                unique,
                precision: f.precision,
                trim,
                sign: plus,
                ..Dragon4Options::default()
            };
            let (mut int_len, mut frac_len) = (0, 0);
            for &x in &finite {
                let s = format_positional(x, kind, &opt);
                let (int, frac) = s.split_once('.').expect("decimal point");
                // numpy 1.13: digits plus one sign column.
                let int = if legacy_113 {
                    int.trim_start_matches(['-', '+'])
                } else {
                    int
                };
                int_len = int_len.max(int.len());
                frac_len = frac_len.max(frac.len());
            }
            f.pad_left = int_len as i64 + legacy_113 as i64;
            f.pad_right = frac_len as i64;
            f.unique = unique;
            if matches!(f.floatmode, FloatMode::Fixed | FloatMode::MaxPrecEqual) {
                f.precision = frac_len as i32;
                f.min_digits = frac_len as i32;
                f.trim = Trim::Keep;
            } else {
                f.trim = Trim::Zeros;
                f.min_digits = 0;
            }
        }
        // sign=' ' puts a space where a minus sign would go.
        if !legacy_113 && sign == Sign::Space && !finite.iter().any(|v| v.is_sign_negative()) {
            f.pad_left += 1;
        }
        // nan and inf must fit the same width.
        if finite.len() != values.len() {
            let neginf = sign != Sign::Minus || values.iter().any(|v| v.is_infinite() && *v < 0.0);
            let offset = f.pad_right + 1;
            f.pad_left = f
                .pad_left
                .max(clen(&f.nanstr) as i64 - offset)
                .max(clen(&f.infstr) as i64 + neginf as i64 - offset);
        }
        f
    }

    pub fn format(&self, x: f64) -> String {
        if !x.is_finite() {
            let plus = if self.sign == Sign::Plus { "+" } else { "" };
            let s = if x.is_nan() {
                format!("{plus}{}", self.nanstr)
            } else if x < 0.0 {
                format!("-{}", self.infstr)
            } else {
                format!("{plus}{}", self.infstr)
            };
            let width = self.pad_left + self.pad_right + 1;
            let pad = (width - clen(&s) as i64).max(0) as usize;
            return " ".repeat(pad) + &s;
        }
        let opt = Dragon4Options {
            unique: self.unique,
            fractional: true,
            precision: self.precision,
            min_digits: self.min_digits,
            sign: self.sign == Sign::Plus,
            trim: self.trim,
            pad_left: self.pad_left.min(i32::MAX as i64) as i32,
            pad_right: self.pad_right.min(i32::MAX as i64) as i32,
            exp_digits: self.exp_size,
        };
        if self.exp_format {
            format_scientific(x, self.kind, &opt)
        } else {
            format_positional(x, self.kind, &opt)
        }
    }
}

/// numpy's choice of scientific notation: a value at or above 1e8 (1e6 for
/// float32), or, unless `suppress`, a nonzero value below 1e-4 or a ratio of more
/// than 1000 between the largest and the smallest nonzero magnitude. The
/// comparisons happen in the array's own precision.
fn uses_exp_format(finite: &[f64], kind: FloatKind, opts: &PrintOptions) -> bool {
    let magnitudes = finite.iter().filter(|v| **v != 0.0).map(|v| v.abs());
    let Some((min, max)) = magnitudes.fold(None, |acc: Option<(f64, f64)>, v| {
        Some(acc.map_or((v, v), |(lo, hi)| (lo.min(v), hi.max(v))))
    }) else {
        return false;
    };
    let cutoff_digits = match (kind, opts.legacy <= Legacy::V2_2) {
        (_, true) | (FloatKind::F64, false) => 8,
        (FloatKind::F32, false) => 6,
    };
    let cutoff_max = 10f64.powi(cutoff_digits);
    match kind {
        FloatKind::F64 => {
            max >= cutoff_max || (!opts.suppress && (min < 0.0001 || max / min > 1000.0))
        }
        FloatKind::F32 => {
            let (min, max) = (min as f32, max as f32);
            max >= cutoff_max as f32
                || (!opts.suppress && (min < 0.0001f32 || max / min > 1000.0f32))
        }
    }
}

/// Formats complex values: real parts with the array's sign option, imaginary
/// parts always signed, `j` before any padding.
#[derive(Clone, Debug)]
pub struct ComplexFormat {
    real: FloatFormat,
    imag: FloatFormat,
}

impl ComplexFormat {
    pub fn new(values: &[(f64, f64)], opts: &PrintOptions, zero_d: bool) -> ComplexFormat {
        let re: Vec<f64> = values.iter().map(|v| v.0).collect();
        let im: Vec<f64> = values.iter().map(|v| v.1).collect();
        let (mode_re, mode_im) = if opts.legacy <= Legacy::V1_13 {
            (FloatMode::MaxPrecEqual, FloatMode::MaxPrec)
        } else {
            (opts.floatmode, opts.floatmode)
        };
        let f64 = FloatKind::F64;
        ComplexFormat {
            real: FloatFormat::new(&re, f64, opts, mode_re, opts.sign, zero_d),
            imag: FloatFormat::new(&im, f64, opts, mode_im, Sign::Plus, zero_d),
        }
    }

    pub fn format(&self, re: f64, im: f64) -> String {
        let r = self.real.format(re);
        let i = self.imag.format(im);
        let end = i.trim_end().len();
        format!("{r}{}j{}", &i[..end], &i[end..])
    }
}

/// Formats integers right-aligned to the widest printed value.
#[derive(Clone, Debug)]
pub struct IntFormat {
    sign: Sign,
    width: usize,
}

impl IntFormat {
    pub fn new(values: &[i128], sign: Sign) -> IntFormat {
        let (Some(&max), Some(&min)) = (values.iter().max(), values.iter().min()) else {
            return IntFormat { sign, width: 0 };
        };
        let mut sign = sign;
        if sign == Sign::Space && min < 0 {
            sign = Sign::Minus;
        }
        let mut max_len = max.to_string().len();
        if max >= 0 && sign != Sign::Minus {
            max_len += 1;
        }
        IntFormat {
            sign,
            width: max_len.max(min.to_string().len()),
        }
    }

    pub fn format(&self, v: i128) -> String {
        let s = match self.sign {
            _ if v < 0 => v.to_string(),
            Sign::Minus => v.to_string(),
            Sign::Plus => format!("+{v}"),
            Sign::Space => format!(" {v}"),
        };
        format!("{s:>width$}", width = self.width)
    }
}

/// The element formatter for one array, chosen by dtype.
#[derive(Clone, Debug)]
pub enum ElementFormat {
    /// `true` pads `True` to the width of `False` (every array but 0-d ones).
    Bool {
        pad: bool,
    },
    Int(IntFormat),
    Float(FloatFormat),
    Complex(ComplexFormat),
}

impl ElementFormat {
    /// Builds the formatter for the elements `values` of an array of `dtype`
    /// (`zero_d`: the array has no axes).
    pub fn new(dtype: DType, values: &[Element], zero_d: bool, opts: &PrintOptions) -> Self {
        use super::DTypeClass;
        use super::dtype_class;
        match dtype_class(dtype) {
            DTypeClass::Bool => ElementFormat::Bool { pad: !zero_d },
            DTypeClass::Int => {
                let ints: Vec<i128> = values.iter().map(|v| v.as_i128()).collect();
                ElementFormat::Int(IntFormat::new(&ints, opts.sign))
            }
            DTypeClass::Float(kind) => {
                let floats: Vec<f64> = values.iter().map(|v| v.as_f64()).collect();
                ElementFormat::Float(FloatFormat::new(
                    &floats,
                    kind,
                    opts,
                    opts.floatmode,
                    opts.sign,
                    zero_d,
                ))
            }
            DTypeClass::Complex => {
                let pairs: Vec<(f64, f64)> = values.iter().map(|v| v.as_complex()).collect();
                ElementFormat::Complex(ComplexFormat::new(&pairs, opts, zero_d))
            }
        }
    }

    pub fn format(&self, v: Element) -> String {
        match self {
            ElementFormat::Bool { pad } => match (v.as_bool(), pad) {
                (true, true) => " True".to_string(),
                (true, false) => "True".to_string(),
                (false, _) => "False".to_string(),
            },
            ElementFormat::Int(f) => f.format(v.as_i128()),
            ElementFormat::Float(f) => f.format(v.as_f64()),
            ElementFormat::Complex(f) => {
                let (re, im) = v.as_complex();
                f.format(re, im)
            }
        }
    }
}
