//! The array core pinned by small exact examples (values checked against numpy 2.4.6).

use super::arith::{Arith, FpFlags};
use super::promote::promote;
use super::reduce::{ReduceOp, reduce};
use super::ufunc::{BinaryOp, binary};
use super::*;
use crate::numpy::DType;
use crate::numpy::format::Element;

fn arange(n: usize) -> NdArray {
    let v: Vec<f64> = (0..n).map(|i| i as f64).collect();
    NdArray::from_vec(&v, &[n]).unwrap()
}

#[test]
fn views_share_the_buffer_and_reshape_without_copying_when_numpy_does() {
    let a = arange(12).reshaped_view(&[3, 4]).unwrap();
    let t = a.transposed();
    assert_eq!(t.strides, vec![8, 32]);
    assert!(std::sync::Arc::ptr_eq(&a.buffer, &t.buffer));
    // A transpose flattens only with a copy; splitting one of its axes does not.
    assert!(t.reshaped_view(&[12]).is_none());
    let split = t.reshaped_view(&[2, 2, 3]).unwrap();
    assert_eq!(split.strides, vec![16, 8, 32]);
    assert_eq!(split.get(&[1, 0, 2]), Element::Float(10.0));
}

#[test]
fn walk_visits_c_order_rows_with_each_operands_offsets() {
    let a = arange(6).reshaped_view(&[2, 3]).unwrap().transposed();
    let mut seen = Vec::new();
    walk(&a.shape, [&a.strides], [0], |[start], len, [step]| {
        for k in 0..len as isize {
            seen.push(a.read(start + k * step));
        }
    });
    let want: Vec<Element> = [0.0, 3.0, 1.0, 4.0, 2.0, 5.0].map(Element::Float).to_vec();
    assert_eq!(seen, want);
}

#[test]
fn broadcasting_and_promotion() {
    assert_eq!(broadcast_shapes(&[3, 1], &[4]), Some(vec![3, 4]));
    assert_eq!(broadcast_shapes(&[2], &[3]), None);
    let a = NdArray::from_vec(&[100i8, 120], &[2]).unwrap();
    let (sum, _) = binary(BinaryOp::Add, &a, &a, promote(DType::Int8, DType::Int8)).unwrap();
    assert_eq!(sum.to_vec::<i8>(), vec![-56, -16]);
}

#[test]
fn python_floor_division_and_remainder() {
    let mut f = FpFlags::default();
    assert_eq!((-7i64).floor_div(2, &mut f), -4);
    assert_eq!((-7i64).rem(2, &mut f), 1);
    assert_eq!(7i64.rem(-2, &mut f), -1);
    assert!(!f.any());
    assert_eq!(1i64.floor_div(0, &mut f), 0);
    assert!(f.divide);
    assert_eq!((-3.5f64).floor_div(2.0, &mut f), -2.0);
    assert_eq!((-3.5f64).rem(2.0, &mut f), 0.5);
}

#[test]
fn float_sums_are_pairwise_like_numpy() {
    // 0.1 summed 1000 times: numpy's pairwise order gives 100.00000000000001, a plain
    // left-to-right loop gives 99.9999999999986.
    let v = vec![0.1f64; 1000];
    let a = NdArray::from_vec(&v, &[1000]).unwrap();
    let total = reduce(ReduceOp::Sum, &a, &[true]).unwrap();
    assert_eq!(total.get(&[]), Element::Float(100.00000000000001));
}

#[test]
fn walk_merges_axes_that_step_as_one() {
    let rows = |a: &NdArray| {
        let mut lens = Vec::new();
        walk(&a.shape, [&a.strides], [0], |_, len, _| lens.push(len));
        lens
    };
    let a = arange(24).reshaped_view(&[2, 3, 4]).unwrap();
    assert_eq!(rows(&a), vec![24]);
    // The first two columns of each row: rows of 2, the outer axes merged.
    let cols = a.view(vec![2, 3, 2], vec![96, 32, 8], 0);
    assert_eq!(rows(&cols), vec![2; 6]);
    // Every other element, though viewed as columns 0 and 2 of each row, is one row.
    let even = a.view(vec![2, 3, 2], vec![96, 32, 16], 0);
    assert_eq!(rows(&even), vec![12]);
    // Length-1 axes never split a row.
    let padded = a.view(vec![2, 1, 12], vec![96, 0, 8], 0);
    assert_eq!(rows(&padded), vec![24]);
}

#[test]
fn binary_into_writes_into_a_matching_destination_only() {
    use super::ufunc::binary_into;
    let a = arange(4);
    let b = arange(4);
    let (out, _) = binary_into(BinaryOp::Multiply, &a, &b, DType::Float64, Some(&a)).unwrap();
    assert!(std::sync::Arc::ptr_eq(&out.buffer, &a.buffer));
    assert_eq!(a.to_vec::<f64>(), vec![0.0, 1.0, 4.0, 9.0]);
    // A comparison's bool result cannot go into a float64 array: a fresh one it is.
    let (out, _) = binary_into(BinaryOp::Less, &a, &b, DType::Float64, Some(&a)).unwrap();
    assert!(!std::sync::Arc::ptr_eq(&out.buffer, &a.buffer));
    assert_eq!(out.dtype, DType::Bool);
    // Nor can a broadcast result go into a smaller array.
    let row = arange(3);
    let col = arange(2).reshaped_view(&[2, 1]).unwrap();
    let (out, _) = binary_into(BinaryOp::Add, &row, &col, DType::Float64, Some(&row)).unwrap();
    assert_eq!(out.shape, vec![2, 3]);
    assert_eq!(row.to_vec::<f64>(), vec![0.0, 1.0, 2.0]);
}

#[test]
fn sqrt_flags_a_negative_input_only() {
    use super::unary::{UnaryOp, unary};
    let (out, flags) = unary(UnaryOp::Sqrt, &arange(5)).unwrap();
    assert_eq!(out.to_vec::<f64>()[4], 2.0);
    assert!(!flags.any());
    let neg = NdArray::from_vec(&[4.0f64, -1.0, f64::NAN], &[3]).unwrap();
    let (out, flags) = unary(UnaryOp::Sqrt, &neg).unwrap();
    assert!(flags.invalid && out.to_vec::<f64>()[1].is_nan());
    let nan = NdArray::from_vec(&[f64::NAN], &[1]).unwrap();
    assert!(!unary(UnaryOp::Sqrt, &nan).unwrap().1.any());
}

#[test]
fn matmul_reads_strided_operands_in_place_and_threads_agree() {
    use super::matmul::matmul_2d;
    // Integer-valued doubles: every product and sum is exact, in any order.
    let (n, k, m) = (200, 150, 170);
    let a = arange(n * k).reshaped_view(&[k, n]).unwrap().transposed();
    let b_base = arange(k * m * 2).reshaped_view(&[k, 2 * m]).unwrap();
    // Every other column, right to left: a negative column stride.
    let last = (2 * m as isize - 2) * 8;
    let b = b_base.view(vec![k, m], vec![b_base.strides[0], -16], last);
    let out = NdArray::zeros(DType::Float64, &[n, m]).unwrap();
    matmul_2d(&a, &b, &out).unwrap();
    for &(i, j) in &[(0, 0), (7, 3), (n - 1, m - 1), (123, 45)] {
        let want: f64 = (0..k)
            .map(|p| a.get(&[i, p]).as_f64() * b.get(&[p, j]).as_f64())
            .sum();
        assert_eq!(out.get(&[i, j]).as_f64(), want, "element ({i}, {j})");
    }
    // Integer matrices take the plain loop, wrapping like numpy.
    let x = NdArray::from_vec(&[i8::MAX, 1, 1, 1], &[2, 2]).unwrap();
    let xx = NdArray::zeros(DType::Int8, &[2, 2]).unwrap();
    matmul_2d(&x, &x, &xx).unwrap();
    assert_eq!(xx.to_vec::<i8>(), vec![2, -128, -128, 2]);
}

#[test]
fn shares_memory_is_exact_and_may_share_memory_is_the_span_test() {
    let a = arange(12).reshaped_view(&[3, 4]).unwrap();
    let row = |i: isize| a.view(vec![4], vec![8], 32 * i);
    assert!(!row(0).overlaps(&row(1)) && !row(0).may_overlap(&row(1)));
    let even = a.view(vec![3, 2], vec![32, 16], 0);
    let odd = a.view(vec![3, 2], vec![32, 16], 8);
    assert!(even.may_overlap(&odd) && !even.overlaps(&odd));
    assert!(a.transposed().overlaps(&row(2)));
    assert!(!a.overlaps(&arange(12)));
}

#[test]
fn complex_products_near_the_largest_double_raise_no_flag() {
    // Every partial product of this one is finite: numpy raises nothing. (Vectorised,
    // the lane the real part's subtraction did not use overflowed.)
    use super::ufunc::binary_into;
    let a = NdArray::scalar(
        DType::Complex128,
        Element::Complex(-2.3872766283769815e307, -1.175318362614465e307),
    );
    let b = NdArray::scalar(DType::Complex128, Element::Complex(7.125, 3.25));
    let (_, flags) = binary_into(BinaryOp::Multiply, &a, &b, DType::Complex128, None).unwrap();
    assert!(!flags.overflow, "{flags:?}");
}
