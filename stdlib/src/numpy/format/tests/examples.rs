//! Readable examples of numpy 2.4.6's printing (each checked against it), for the
//! cases that are easiest to get wrong.

use super::super::*;
use crate::numpy::DType;

fn repr_of(dtype: DType, shape: &[usize], values: &[Element], opts: &PrintOptions) -> String {
    let read = |index: &[usize]| {
        let flat = index
            .iter()
            .zip(shape)
            .fold(0, |acc, (&i, &len)| acc * len + i);
        values[flat]
    };
    let a = ArraySource {
        dtype,
        shape,
        read: &read,
    };
    array_repr(&a, opts, "array", None)
}

fn floats(values: &[f64]) -> Vec<Element> {
    values.iter().map(|&v| Element::Float(v)).collect()
}

fn ints(values: impl IntoIterator<Item = i64>) -> Vec<Element> {
    values.into_iter().map(Element::Int).collect()
}

fn repr_f64(values: &[f64]) -> String {
    repr_of(
        DType::Float64,
        &[values.len()],
        &floats(values),
        &PrintOptions::default(),
    )
}

#[test]
fn scientific_notation_boundaries() {
    // At 1e16 the magnitudes differ by more than 1000: scientific for all.
    assert_eq!(repr_f64(&[1e16, 1.0]), "array([1.e+16, 1.e+00])");
    // 1e-4 itself is not below 1e-4, but the ratio 1e4 is too large.
    assert_eq!(repr_f64(&[1e-4, 1.0]), "array([1.e-04, 1.e+00])");
    assert_eq!(repr_f64(&[9.9e-5, 1e-3]), "array([9.9e-05, 1.0e-03])");
    assert_eq!(repr_f64(&[1e-4, 1e-3]), "array([0.0001, 0.001 ])");
}

#[test]
fn large_ints_align_with_their_signs() {
    assert_eq!(
        repr_of(
            DType::Int64,
            &[3],
            &ints([-123456789012, 5, -7]),
            &PrintOptions::default()
        ),
        "array([-123456789012,             5,            -7])"
    );
}

#[test]
fn float32_prints_float32_digits() {
    let values: Vec<f64> = (0..6).map(|i| (i as f32 / 3.0) as f64).collect();
    assert_eq!(
        repr_of(
            DType::Float32,
            &[6],
            &floats(&values),
            &PrintOptions::default()
        ),
        "array([0.        , 0.33333334, 0.6666667 , 1.        , 1.3333334 ,\n       \
         1.6666666 ], dtype=float32)"
    );
    let tenth = 0.1f32 as f64;
    assert_eq!(
        scalar_repr(DType::Float32, Element::Float(tenth), Legacy::Off),
        "np.float32(0.1)"
    );
    assert_eq!(
        scalar_repr(DType::Float64, Element::Float(tenth), Legacy::Off),
        "np.float64(0.10000000149011612)"
    );
}

#[test]
fn complex_with_nan_pads_the_imaginary_part() {
    assert_eq!(
        repr_of(
            DType::Complex128,
            &[2],
            &[Element::Complex(1.0, f64::NAN), Element::Complex(-2.5, 1.0)],
            &PrintOptions::default()
        ),
        "array([ 1. +nanj, -2.5 +1.j])"
    );
}

#[test]
fn three_d_arrays_wrap_inside_each_row() {
    let values = ints((0..24).map(|i| i * 1000));
    let narrow = PrintOptions {
        linewidth: 30,
        ..PrintOptions::default()
    };
    assert_eq!(
        repr_of(DType::Int64, &[2, 3, 4], &values, &narrow),
        "array([[[    0,  1000,
          2000,  3000],
        [ 4000,  5000,
          6000,  7000],
        [ 8000,  9000,
         10000, 11000]],

       [[12000, 13000,
         14000, 15000],
        [16000, 17000,
         18000, 19000],
        [20000, 21000,
         22000, 23000]]])"
    );
}

#[test]
fn summarised_3d_array_reads_only_its_corners() {
    let shape = [2, 3, 1000];
    let reads = std::cell::Cell::new(0);
    let read = |index: &[usize]| {
        reads.set(reads.get() + 1);
        Element::Int((index[0] * 3000 + index[1] * 1000 + index[2]) as i64)
    };
    let a = ArraySource {
        dtype: DType::Int64,
        shape: &shape,
        read: &read,
    };
    assert_eq!(
        array_repr(&a, &PrintOptions::default(), "array", None),
        "array([[[   0,    1,    2, ...,  997,  998,  999],
        [1000, 1001, 1002, ..., 1997, 1998, 1999],
        [2000, 2001, 2002, ..., 2997, 2998, 2999]],

       [[3000, 3001, 3002, ..., 3997, 3998, 3999],
        [4000, 4001, 4002, ..., 4997, 4998, 4999],
        [5000, 5001, 5002, ..., 5997, 5998, 5999]]], shape=(2, 3, 1000))"
    );
    // 36 printed elements, read once to choose the layout and once to print.
    assert_eq!(reads.get(), 72);
}

#[test]
fn small_dtypes_show_their_dtype() {
    assert_eq!(
        repr_of(DType::Int8, &[10], &ints(0..10), &PrintOptions::default()),
        "array([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], dtype=int8)"
    );
    assert_eq!(
        repr_of(
            DType::Float32,
            &[2],
            &floats(&[0.1f32 as f64, 0.25]),
            &PrintOptions::default()
        ),
        "array([0.1 , 0.25], dtype=float32)"
    );
}

#[test]
fn scalar_reprs() {
    let off = Legacy::Off;
    assert_eq!(
        scalar_repr(DType::Float64, Element::Float(1.5), off),
        "np.float64(1.5)"
    );
    assert_eq!(
        scalar_str(DType::Float64, Element::Float(1e16), off),
        "1e+16"
    );
    assert_eq!(
        scalar_str(DType::Float64, Element::Float(1e15), off),
        "1000000000000000.0"
    );
    assert_eq!(
        scalar_str(DType::Float64, Element::Float(1e-5), off),
        "1e-05"
    );
    assert_eq!(
        scalar_repr(DType::Int64, Element::Int(3), off),
        "np.int64(3)"
    );
    assert_eq!(
        scalar_repr(DType::Bool, Element::Bool(true), off),
        "np.True_"
    );
    assert_eq!(
        scalar_repr(DType::Complex128, Element::Complex(1.0, 2.0), off),
        "np.complex128(1+2j)"
    );
    assert_eq!(
        scalar_str(DType::Complex128, Element::Complex(0.0, -2.0), off),
        "-2j"
    );
    assert_eq!(
        scalar_str(DType::Complex128, Element::Complex(-0.0, 2.0), off),
        "(-0+2j)"
    );
    assert_eq!(
        scalar_repr(DType::Float32, Element::Float(1e6), off),
        "np.float32(1e+06)"
    );
    assert_eq!(
        scalar_repr(DType::Float32, Element::Float(1e6), Legacy::V2_2),
        "np.float32(1000000.0)"
    );
    assert_eq!(
        scalar_repr(DType::Float64, Element::Float(1.5), Legacy::V1_25),
        "1.5"
    );
}

#[test]
fn dragon4_options() {
    let opt = |f: fn(&mut Dragon4Options)| {
        let mut o = Dragon4Options::default();
        f(&mut o);
        o
    };
    let pi = std::f64::consts::PI;
    assert_eq!(
        format_positional(pi, FloatKind::F32, &opt(|_| {})),
        "3.1415927"
    );
    assert_eq!(
        format_scientific(
            1.23e24f32 as f64,
            FloatKind::F32,
            &opt(|o| {
                o.unique = false;
                o.precision = 15;
            })
        ),
        "1.230000071797338e+24"
    );
    assert_eq!(
        format_scientific(
            1.23e24f32 as f64,
            FloatKind::F32,
            &opt(|o| o.exp_digits = 4)
        ),
        "1.23e+0024"
    );
    // Trimming the point is positional-only: scientific keeps it.
    assert_eq!(
        format_scientific(
            1.01,
            FloatKind::F64,
            &opt(|o| {
                o.precision = 1;
                o.trim = Trim::DptZeros;
            })
        ),
        "1.e+00"
    );
    assert_eq!(
        format_positional(0.3, FloatKind::F64, &opt(|o| o.precision = 0)),
        "0."
    );
}
