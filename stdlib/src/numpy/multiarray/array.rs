//! [`NdArray`]: a strided view of a shared [`Buffer`], and the view operations that
//! make new arrays without copying (slices, transposes, broadcasts, reshapes).
//!
//! Invariant: every element a view can address (each index below its extent) lies
//! inside its buffer. Constructors check it once, so element access does not.

use std::sync::Arc;

use super::buffer::Buffer;
use super::native::Native;
use crate::numpy::DType;
use crate::numpy::format::Element;
use crate::with_native;

#[derive(Clone)]
pub struct NdArray {
    pub buffer: Arc<Buffer>,
    pub dtype: DType,
    pub shape: Vec<usize>,
    /// Byte strides, one per axis; negative for reversed views, 0 for broadcasts.
    pub strides: Vec<isize>,
    /// Byte offset of element `[0, 0, ...]` in the buffer.
    pub offset: isize,
}

impl std::fmt::Debug for NdArray {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "NdArray({:?}, shape {:?}, strides {:?}, offset {})",
            self.dtype, self.shape, self.strides, self.offset
        )
    }
}

/// Why an array could not be made.
#[derive(Debug, Clone, PartialEq)]
pub enum ArrayError {
    /// numpy's `_ArrayMemoryError`: the allocation failed or its size overflows.
    Memory { shape: Vec<usize>, dtype: DType },
    /// A message for `ValueError`.
    Value(String),
}

/// C-order byte strides of a contiguous array.
pub fn c_strides(shape: &[usize], itemsize: usize) -> Vec<isize> {
    let mut strides = vec![0isize; shape.len()];
    let mut step = itemsize as isize;
    for (axis, &extent) in shape.iter().enumerate().rev() {
        strides[axis] = step;
        step *= extent.max(1) as isize;
    }
    strides
}

pub fn size_of_shape(shape: &[usize]) -> Option<usize> {
    shape.iter().try_fold(1usize, |acc, &d| acc.checked_mul(d))
}

impl NdArray {
    /// A new C-contiguous array of zeros (`np.zeros`; `np.empty` too: kiln always
    /// hands out zeroed memory).
    pub fn zeros(dtype: DType, shape: &[usize]) -> Result<NdArray, ArrayError> {
        let memory = || ArrayError::Memory {
            shape: shape.to_vec(),
            dtype,
        };
        let bytes = size_of_shape(shape)
            .and_then(|n| n.checked_mul(dtype.itemsize()))
            .filter(|&n| n <= isize::MAX as usize)
            .ok_or_else(memory)?;
        let buffer = Buffer::zeroed(bytes).ok_or_else(memory)?;
        Ok(NdArray {
            buffer: Arc::new(buffer),
            dtype,
            shape: shape.to_vec(),
            strides: c_strides(shape, dtype.itemsize()),
            offset: 0,
        })
    }

    /// A 1-d or shaped array holding `values` in C order.
    pub fn from_vec<T: Native>(values: &[T], shape: &[usize]) -> Result<NdArray, ArrayError> {
        debug_assert_eq!(size_of_shape(shape), Some(values.len()));
        let out = NdArray::zeros(T::DTYPE, shape)?;
        // SAFETY: the fresh buffer holds exactly `values.len()` elements of T.
        unsafe {
            std::ptr::copy_nonoverlapping(
                values.as_ptr(),
                out.buffer.as_mut_ptr().cast::<T>(),
                values.len(),
            )
        };
        Ok(out)
    }

    pub fn scalar(dtype: DType, value: Element) -> NdArray {
        let out = NdArray::zeros(dtype, &[]).expect("one element always fits");
        out.set(&[], value);
        out
    }

    pub fn ndim(&self) -> usize {
        self.shape.len()
    }

    pub fn size(&self) -> usize {
        self.shape.iter().product()
    }

    pub fn itemsize(&self) -> usize {
        self.dtype.itemsize()
    }

    pub fn nbytes(&self) -> usize {
        self.size() * self.itemsize()
    }

    pub fn is_c_contiguous(&self) -> bool {
        if self.size() <= 1 {
            return true;
        }
        let mut step = self.itemsize() as isize;
        for (&extent, &stride) in self.shape.iter().zip(&self.strides).rev() {
            if extent != 1 && stride != step {
                return false;
            }
            step *= extent as isize;
        }
        true
    }

    pub fn is_f_contiguous(&self) -> bool {
        if self.size() <= 1 {
            return true;
        }
        let mut step = self.itemsize() as isize;
        for (&extent, &stride) in self.shape.iter().zip(&self.strides) {
            if extent != 1 && stride != step {
                return false;
            }
            step *= extent as isize;
        }
        true
    }

    /// Pointer to the element at byte offset `off` from element `[0, ...]`.
    ///
    /// # Safety
    /// `off` must address an element of this view.
    pub unsafe fn ptr_at(&self, off: isize) -> *const u8 {
        // SAFETY: guaranteed by the caller and the view invariant.
        unsafe { self.buffer.as_ptr().offset(self.offset + off) }
    }

    /// [`Self::ptr_at`], to write through: the buffer counts as written
    /// ([`Buffer::as_mut_ptr`](super::buffer::Buffer::as_mut_ptr)).
    ///
    /// # Safety
    /// As for [`Self::ptr_at`].
    pub unsafe fn ptr_at_mut(&self, off: isize) -> *mut u8 {
        // SAFETY: guaranteed by the caller and the view invariant.
        unsafe { self.buffer.as_mut_ptr().offset(self.offset + off) }
    }

    pub fn byte_offset(&self, index: &[usize]) -> isize {
        index
            .iter()
            .zip(&self.strides)
            .map(|(&i, &s)| i as isize * s)
            .sum()
    }

    pub fn get(&self, index: &[usize]) -> Element {
        self.read(self.byte_offset(index))
    }

    pub fn set(&self, index: &[usize], value: Element) {
        self.write(self.byte_offset(index), value)
    }

    /// The element at byte offset `off` (which must address an element).
    pub fn read(&self, off: isize) -> Element {
        with_native!(self.dtype, T => {
            // SAFETY: `off` addresses an element of this view, of type T.
            let v = unsafe { self.ptr_at(off).cast::<T>().read_unaligned() };
            v.to_element()
        })
    }

    pub fn write(&self, off: isize, value: Element) {
        with_native!(self.dtype, T => {
            // SAFETY: as in `read`.
            unsafe { self.ptr_at_mut(off).cast::<T>().write_unaligned(T::from_element(value)) }
        })
    }

    /// Every element in C order.
    pub fn elements(&self) -> Vec<Element> {
        let mut out = Vec::with_capacity(self.size());
        walk(&self.shape, [&self.strides], [0], |[start], len, [step]| {
            for k in 0..len as isize {
                out.push(self.read(start + k * step));
            }
        });
        out
    }

    /// The elements as T, in C order (the array's dtype must be T's).
    pub fn to_vec<T: Native>(&self) -> Vec<T> {
        assert_eq!(self.dtype, T::DTYPE);
        let mut out = Vec::with_capacity(self.size());
        walk(&self.shape, [&self.strides], [0], |[start], len, [step]| {
            for k in 0..len as isize {
                // SAFETY: the walk visits only elements of this view.
                out.push(unsafe { self.ptr_at(start + k * step).cast::<T>().read_unaligned() });
            }
        });
        out
    }

    /// A view with new shape, strides and offset on the same buffer.
    pub fn view(&self, shape: Vec<usize>, strides: Vec<isize>, offset: isize) -> NdArray {
        let view = NdArray {
            buffer: self.buffer.clone(),
            dtype: self.dtype,
            shape,
            strides,
            offset,
        };
        debug_assert!(view.in_bounds(), "{view:?} leaves its buffer");
        view
    }

    /// Whether every addressable element lies in the buffer.
    pub fn in_bounds(&self) -> bool {
        if self.size() == 0 {
            return true;
        }
        let (mut low, mut high) = (self.offset, self.offset);
        for (&extent, &stride) in self.shape.iter().zip(&self.strides) {
            let span = (extent as isize - 1) * stride;
            if span < 0 { low += span } else { high += span }
        }
        low >= 0 && high + self.itemsize() as isize <= self.buffer.len() as isize
    }

    /// `a.transpose(axes)`; `axes` must be a permutation.
    pub fn permuted(&self, axes: &[usize]) -> NdArray {
        let shape = axes.iter().map(|&a| self.shape[a]).collect();
        let strides = axes.iter().map(|&a| self.strides[a]).collect();
        self.view(shape, strides, self.offset)
    }

    pub fn transposed(&self) -> NdArray {
        let axes: Vec<usize> = (0..self.ndim()).rev().collect();
        self.permuted(&axes)
    }

    /// This array broadcast to `shape` (which must be compatible), as a view with
    /// zero strides on the repeated axes.
    pub fn broadcast_to(&self, shape: &[usize]) -> NdArray {
        let lead = shape.len() - self.ndim();
        let mut strides = vec![0isize; shape.len()];
        for axis in 0..self.ndim() {
            if self.shape[axis] == shape[lead + axis] {
                strides[lead + axis] = self.strides[axis];
            }
        }
        self.view(shape.to_vec(), strides, self.offset)
    }

    /// The view numpy's `reshape` returns when it can avoid a copy, else `None`.
    pub fn reshaped_view(&self, shape: &[usize]) -> Option<NdArray> {
        if self.is_c_contiguous() {
            return Some(self.view(
                shape.to_vec(),
                c_strides(shape, self.itemsize()),
                self.offset,
            ));
        }
        // Merge runs of old axes that are contiguous with each other, then split.
        let old: Vec<(usize, isize)> = self
            .shape
            .iter()
            .zip(&self.strides)
            .filter(|(e, _)| **e != 1)
            .map(|(&e, &s)| (e, s))
            .collect();
        let mut strides = vec![0isize; shape.len()];
        let (mut oi, mut ni) = (0usize, 0usize);
        while ni < shape.len() {
            if shape[ni] == 1 {
                strides[ni] = self.itemsize() as isize;
                ni += 1;
                continue;
            }
            let (mut np, mut op) = (shape[ni], old.get(oi)?.0);
            let (nstart, ostart) = (ni, oi);
            while np != op {
                if np < op {
                    ni += 1;
                    np *= *shape.get(ni)?;
                } else {
                    oi += 1;
                    op *= old.get(oi)?.0;
                }
            }
            for k in ostart..oi {
                if old[k].1 != old[k + 1].1 * old[k + 1].0 as isize {
                    return None;
                }
            }
            let mut stride = old[oi].1;
            for k in (nstart..=ni).rev() {
                strides[k] = stride;
                stride *= shape[k] as isize;
            }
            ni += 1;
            oi += 1;
        }
        Some(self.view(shape.to_vec(), strides, self.offset))
    }

    /// A C-contiguous copy (of the same dtype).
    pub fn to_contiguous(&self) -> Result<NdArray, ArrayError> {
        self.cast(self.dtype)
    }

    /// `astype(dtype)`: a new C-contiguous array of `dtype`.
    pub fn cast(&self, dtype: DType) -> Result<NdArray, ArrayError> {
        let out = NdArray::zeros(dtype, &self.shape)?;
        out.assign(self);
        Ok(out)
    }

    /// The bytes `[start, end)` of the buffer that hold every element; `None` for an
    /// empty array.
    pub fn byte_span(&self) -> Option<(isize, isize)> {
        if self.size() == 0 {
            return None;
        }
        let (mut low, mut high) = (self.offset, self.offset);
        for (&n, &stride) in self.shape.iter().zip(&self.strides) {
            let reach = (n as isize - 1) * stride;
            if reach < 0 {
                low += reach;
            } else {
                high += reach;
            }
        }
        Some((low, high + self.itemsize() as isize))
    }

    /// numpy's `may_share_memory`: the same buffer, with overlapping byte spans.
    pub fn may_overlap(&self, other: &NdArray) -> bool {
        Arc::ptr_eq(&self.buffer, &other.buffer)
            && match (self.byte_span(), other.byte_span()) {
                (Some((a0, a1)), Some((b0, b1))) => a0 < b1 && b0 < a1,
                _ => false,
            }
    }

    /// numpy's `shares_memory`: some byte belongs to an element of both arrays. Decided
    /// exactly by sweeping the sorted element offsets of both; past a work bound (huge
    /// views of one buffer) the span test of [`may_overlap`](Self::may_overlap) answers.
    pub fn overlaps(&self, other: &NdArray) -> bool {
        const MAX_ELEMENTS: usize = 1 << 22;
        if !self.may_overlap(other) {
            return false;
        }
        if self.size() + other.size() > MAX_ELEMENTS {
            return true;
        }
        let starts = |a: &NdArray| {
            let mut v = Vec::with_capacity(a.size());
            walk(
                &a.shape,
                [&a.strides],
                [a.offset],
                |[start], len, [step]| {
                    v.extend((0..len as isize).map(|i| start + i * step));
                },
            );
            v.sort_unstable();
            v
        };
        let (xs, ys) = (starts(self), starts(other));
        let (wx, wy) = (self.itemsize() as isize, other.itemsize() as isize);
        let (mut i, mut j) = (0, 0);
        while i < xs.len() && j < ys.len() {
            let (x, y) = (xs[i], ys[j]);
            if x < y + wy && y < x + wx {
                return true;
            }
            if x + wx <= y {
                i += 1;
            } else {
                j += 1;
            }
        }
        false
    }

    /// Copies `src` (broadcast to this shape, cast to this dtype) into this view. A
    /// `src` in the same buffer is copied out first, as numpy does for overlapping
    /// operands (`a[1:] = a[:-1]` shifts, it does not smear).
    pub fn assign(&self, src: &NdArray) {
        let copy;
        let src = if Arc::ptr_eq(&src.buffer, &self.buffer) {
            copy = src
                .to_contiguous()
                .expect("a copy of an existing array fits");
            &copy
        } else {
            src
        };
        let src = src.broadcast_to(&self.shape);
        with_native!(self.dtype, D => {
            with_native!(src.dtype, S => copy_cast::<S, D>(&src, self))
        })
    }
}

fn copy_cast<S: Native, D: Native>(src: &NdArray, dst: &NdArray) {
    let same = S::DTYPE == D::DTYPE;
    walk(
        &dst.shape,
        [&src.strides, &dst.strides],
        [0, 0],
        |[s0, d0], len, [ss, ds]| {
            for k in 0..len as isize {
                // SAFETY: the walk visits elements of both views.
                unsafe {
                    let v = src.ptr_at(s0 + k * ss).cast::<S>().read_unaligned();
                    let p = dst.ptr_at_mut(d0 + k * ds).cast::<D>();
                    if same {
                        p.cast::<S>().write_unaligned(v)
                    } else {
                        p.write_unaligned(D::from_element(v.to_element()))
                    }
                }
            }
        },
    );
}

/// Visits `shape` in C order as rows along the last axis: `row(starts, len, steps)`
/// gets each operand's byte offset of the row's first element and its byte step.
/// A 0-d shape is one row of one element; an empty shape visits nothing.
pub fn walk<const N: usize>(
    shape: &[usize],
    strides: [&[isize]; N],
    base: [isize; N],
    mut row: impl FnMut([isize; N], usize, [isize; N]),
) {
    if shape.contains(&0) {
        return;
    }
    let (shape, strides) = coalesce(shape, strides);
    let strides: [&[isize]; N] = std::array::from_fn(|k| &strides[k][..]);
    let Some((&len, outer)) = shape.split_last() else {
        row(base, 1, [0; N]);
        return;
    };
    let inner = std::array::from_fn(|k| strides[k][shape.len() - 1]);
    let mut index = vec![0usize; outer.len()];
    let mut starts = base;
    loop {
        row(starts, len, inner);
        let mut axis = outer.len();
        loop {
            if axis == 0 {
                return;
            }
            axis -= 1;
            index[axis] += 1;
            for k in 0..N {
                starts[k] += strides[k][axis];
            }
            if index[axis] < outer[axis] {
                break;
            }
            for k in 0..N {
                starts[k] -= strides[k][axis] * outer[axis] as isize;
            }
            index[axis] = 0;
        }
    }
}

/// `shape` with every axis of length 1 dropped and every pair of adjacent axes that all
/// operands step through as one (outer stride = inner stride * inner length) merged:
/// the same elements in the same C order, in as few and as long rows as possible, so a
/// contiguous array is one row.
fn coalesce<const N: usize>(
    shape: &[usize],
    strides: [&[isize]; N],
) -> (Vec<usize>, [Vec<isize>; N]) {
    let mut out_shape: Vec<usize> = Vec::with_capacity(shape.len());
    let mut out_strides: [Vec<isize>; N] = std::array::from_fn(|_| Vec::new());
    for (axis, &len) in shape.iter().enumerate() {
        if len == 1 {
            continue;
        }
        let merges = out_shape.last().is_some_and(|_| {
            (0..N).all(|k| {
                let inner = strides[k][axis];
                *out_strides[k].last().expect("same length as out_shape") == inner * len as isize
            })
        });
        if merges {
            *out_shape.last_mut().expect("checked") *= len;
            for (k, s) in out_strides.iter_mut().enumerate() {
                *s.last_mut().expect("checked") = strides[k][axis];
            }
        } else {
            out_shape.push(len);
            for (k, s) in out_strides.iter_mut().enumerate() {
                s.push(strides[k][axis]);
            }
        }
    }
    (out_shape, out_strides)
}

/// numpy's broadcasting of two shapes, or `None` when they do not broadcast.
pub fn broadcast_shapes(a: &[usize], b: &[usize]) -> Option<Vec<usize>> {
    let n = a.len().max(b.len());
    let mut out = vec![0; n];
    for k in 0..n {
        let da = if k + a.len() >= n {
            a[k + a.len() - n]
        } else {
            1
        };
        let db = if k + b.len() >= n {
            b[k + b.len() - n]
        } else {
            1
        };
        out[k] = match (da, db) {
            (x, y) if x == y => x,
            (1, y) => y,
            (x, 1) => x,
            _ => return None,
        };
    }
    Some(out)
}
