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
