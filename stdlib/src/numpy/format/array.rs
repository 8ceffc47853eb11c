//! `np.array2string`, `np.array_repr` and `np.array_str` over an array given as
//! dtype, shape and an element reader.

use super::elements::ElementFormat;
use super::layout::{Layout, format_array};
use super::options::{Legacy, PrintOptions};
use super::scalar::{python_repr, scalar_str};
use super::{Element, clen};
use crate::numpy::DType;

/// An array as the printer sees it: `read` returns the element at a full index
/// (one entry per axis, each below its extent). Only printed elements are read.
#[derive(Clone, Copy)]
pub struct ArraySource<'a> {
    pub dtype: DType,
    pub shape: &'a [usize],
    pub read: &'a dyn Fn(&[usize]) -> Element,
}

impl ArraySource<'_> {
    pub fn size(&self) -> usize {
        self.shape.iter().product()
    }
}

/// A custom element formatter (numpy's `formatter=` callables) used instead of
/// the built-in ones.
pub type CustomFormat<'a> = &'a mut dyn FnMut(Element) -> String;

/// `np.array2string(a, separator=..., prefix=..., suffix=...)` with the options
/// already merged into `opts`. `prefix` and `suffix` are not printed: their
/// lengths indent continuation lines and shorten the usable width.
pub fn array2string(
    a: &ArraySource,
    opts: &PrintOptions,
    separator: &str,
    prefix: &str,
    suffix: &str,
    custom: Option<CustomFormat>,
) -> String {
    let legacy_113 = opts.legacy <= Legacy::V1_13;
    if legacy_113 && a.shape.is_empty() {
        return python_repr(a.dtype, (a.read)(&[]));
    }
    if a.size() == 0 {
        return "[]".to_string();
    }
    let summarise = opts.summarises(a.size());
    let suffix_len = if legacy_113 { 0 } else { clen(suffix) };
    let layout = Layout {
        line_width: opts.linewidth - suffix_len as i64,
        next_line_prefix: " ".repeat(1 + clen(prefix)),
        separator,
        edge_items: opts.edgeitems,
        summarise,
        legacy_113,
    };
    match custom {
        Some(custom) => format_array(a.shape, &layout, &mut |index| custom((a.read)(index))),
        None => {
            let printed = printed_elements(a, summarise, opts.edgeitems);
            let format = ElementFormat::new(a.dtype, &printed, a.shape.is_empty(), opts);
            format_array(a.shape, &layout, &mut |index| {
                format.format((a.read)(index))
            })
        }
    }
}

/// The elements a summarised (or full) print shows, which decide the layout.
/// Like numpy, an axis with `edge_items == 0` counts in full.
fn printed_elements(a: &ArraySource, summarise: bool, edge_items: usize) -> Vec<Element> {
    let axes: Vec<Vec<usize>> = a
        .shape
        .iter()
        .map(|&len| {
            if summarise && edge_items > 0 && len > 2 * edge_items {
                (0..edge_items).chain(len - edge_items..len).collect()
            } else {
                (0..len).collect()
            }
        })
        .collect();
    let mut out = Vec::new();
    let mut index = vec![0; axes.len()];
    let mut counters = vec![0; axes.len()];
    loop {
        for (axis, &c) in counters.iter().enumerate() {
            index[axis] = axes[axis][c];
        }
        out.push((a.read)(&index));
        // Odometer step over the kept positions, last axis fastest.
        let mut axis = axes.len();
        loop {
            if axis == 0 {
                return out;
            }
            axis -= 1;
            counters[axis] += 1;
            if counters[axis] < axes[axis].len() {
                break;
            }
            counters[axis] = 0;
        }
    }
}

/// numpy's dtypes whose values show their type: all but int64 (the default int),
/// float64, complex128 and bool (numpy 1.13 showed bool too).
pub fn dtype_is_implied(dtype: DType, legacy: Legacy) -> bool {
    match dtype {
        DType::Int64 | DType::Float64 | DType::Complex128 => true,
        DType::Bool => legacy > Legacy::V1_13,
        _ => false,
    }
}

/// Python's repr of a shape tuple: `()`, `(3,)`, `(2, 3)`.
pub fn shape_repr(shape: &[usize]) -> String {
    match shape {
        [n] => format!("({n},)"),
        _ => {
            let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
            format!("({})", dims.join(", "))
        }
    }
}

/// `repr(a)` / `np.array_repr(a)`: `array([...], dtype=..., shape=...)`.
/// `class_name` is `array` for ndarrays.
pub fn array_repr(
    a: &ArraySource,
    opts: &PrintOptions,
    class_name: &str,
    custom: Option<CustomFormat>,
) -> String {
    let prefix = format!("{class_name}(");
    let lst = array2string(a, opts, ", ", &prefix, ")", custom);
    let size = a.size();
    let mut extras = Vec::new();
    // numpy compares its legacy code (202 for '2.2') with 210: every legacy mode
    // leaves the shape out.
    if (size == 0 && a.shape != [0]) || (opts.legacy == Legacy::Off && opts.summarises(size)) {
        extras.push(format!("shape={}", shape_repr(a.shape)));
    }
    if !dtype_is_implied(a.dtype, opts.legacy) || size == 0 {
        extras.push(format!("dtype={}", a.dtype.name()));
    }
    if extras.is_empty() {
        return format!("{prefix}{lst})");
    }
    let arr_str = format!("{prefix}{lst},");
    let extra_str = format!("{})", extras.join(", "));
    // Extras go on a new line when they would pass the line width.
    let last_line_len = clen(arr_str.rsplit('\n').next().unwrap_or(""));
    let too_long = (last_line_len + clen(&extra_str) + 1) as i64 > opts.linewidth;
    let spacer = if too_long && opts.legacy > Legacy::V1_13 {
        format!("\n{}", " ".repeat(clen(&prefix)))
    } else {
        " ".to_string()
    };
    format!("{arr_str}{spacer}{extra_str}")
}

/// `str(a)` / `np.array_str(a)`: the elements without `array(...)`. A 0-d array
/// prints as its scalar does.
pub fn array_str(a: &ArraySource, opts: &PrintOptions, custom: Option<CustomFormat>) -> String {
    if a.shape.is_empty() {
        return match opts.legacy {
            Legacy::V1_13 => python_repr(a.dtype, (a.read)(&[])),
            legacy => scalar_str(a.dtype, (a.read)(&[]), legacy),
        };
    }
    array2string(a, opts, " ", "", "", custom)
}
