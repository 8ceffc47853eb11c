//! The buffer protocol both ways: an array exports its memory (`memoryview(a)`,
//! `bytes(a)`, `bytearray(a)`, `struct.unpack_from(fmt, a)`), and `np.frombuffer`
//! views another object's memory.
//!
//! An export hands out the array's whole buffer and describes the array in it as
//! numpy's `Py_buffer` does: the byte offset of the element at `[0, .., 0]` and the
//! array's own strides (negative ones walk back from that offset). Suboffsets stay
//! zero: RustPython reads a non-zero one as a pointer indirection, as C does.

use std::ptr::NonNull;
use std::sync::Arc;

use rustpython_vm::common::borrow::{BorrowedValue, BorrowedValueMut};
use rustpython_vm::protocol::{BufferDescriptor, BufferMethods, PyBuffer};
use rustpython_vm::types::AsBuffer;
use rustpython_vm::{Py, PyObject, PyResult, TryFromBorrowedObject, VirtualMachine};

use super::ndarray::PyNdArray;
use crate::numpy::DType;
use crate::numpy::multiarray::NdArray;
use crate::numpy::multiarray::buffer::Buffer;

/// The struct-module format of a dtype, as numpy exports it.
fn format_of(dtype: DType) -> &'static str {
    match dtype {
        DType::Bool => "?",
        DType::Int8 => "b",
        DType::UInt8 => "B",
        DType::Int16 => "h",
        DType::UInt16 => "H",
        DType::Int32 => "i",
        DType::UInt32 => "I",
        DType::Int64 => "l",
        DType::UInt64 => "L",
        DType::Float32 => "f",
        DType::Float64 => "d",
        DType::Complex128 => "Zd",
    }
}

static BUFFER_METHODS: BufferMethods = BufferMethods {
    obj_bytes: |buffer| BorrowedValue::Ref(buffer.obj_as::<PyNdArray>().array.buffer.bytes()),
    obj_bytes_mut: |buffer| {
        let a = &buffer.obj_as::<PyNdArray>().array;
        // SAFETY: the export keeps the buffer alive. Writers through an export share
        // the memory with the array's views, as they do in numpy.
        BorrowedValueMut::RefMut(unsafe {
            std::slice::from_raw_parts_mut(a.buffer.as_mut_ptr(), a.buffer.len())
        })
    },
    // Arrays never resize, so exports need no counting.
    release: |_| {},
    retain: |_| {},
};

impl AsBuffer for PyNdArray {
    fn as_buffer(zelf: &Py<Self>, _vm: &VirtualMachine) -> PyResult<PyBuffer> {
        let a = &zelf.array;
        let dim_desc = a
            .shape
            .iter()
            .zip(&a.strides)
            .map(|(&n, &s)| (n, s, 0))
            .collect();
        let desc = BufferDescriptor {
            len: a.nbytes(),
            offset: a.offset,
            readonly: false,
            itemsize: a.itemsize(),
            format: format_of(a.dtype).into(),
            dim_desc,
        };
        Ok(PyBuffer::new(zelf.to_owned().into(), desc, &BUFFER_METHODS))
    }
}

/// `np.frombuffer(data, dtype, count, offset)`: a 1-d view of `data`'s memory when it
/// is writable and contiguous (the array keeps the export, and so `data`, alive);
/// a copy of read-only memory such as `bytes` (numpy gives a read-only view there,
/// and kiln has no read-only arrays).
pub fn frombuffer(
    vm: &VirtualMachine,
    data: &PyObject,
    dtype: DType,
    count: isize,
    offset: isize,
) -> PyResult<NdArray> {
    let export = PyBuffer::try_from_borrowed_object(vm, data)?;
    let len = export.desc.len;
    if offset < 0 || offset as usize > len {
        return Err(vm.new_value_error(format!(
            "offset must be non-negative and no greater than buffer length ({len})"
        )));
    }
    let available = len - offset as usize;
    let itemsize = dtype.itemsize();
    let n = if count < 0 {
        if !available.is_multiple_of(itemsize) {
            return Err(vm.new_value_error("buffer size must be a multiple of element size"));
        }
        available / itemsize
    } else {
        if count as usize * itemsize > available {
            return Err(vm.new_value_error("buffer is smaller than requested size"));
        }
        count as usize
    };
    let nbytes = n * itemsize;
    let array_error = |e| super::errors::array_error(vm, e);
    if export.desc.readonly || !export.desc.is_contiguous() {
        let out = NdArray::zeros(dtype, &[n]).map_err(array_error)?;
        export.contiguous_or_collect(|bytes| {
            let bytes = &bytes[offset as usize..offset as usize + nbytes];
            // SAFETY: the fresh buffer holds exactly `nbytes` bytes.
            unsafe {
                std::ptr::copy_nonoverlapping(bytes.as_ptr(), out.buffer.as_mut_ptr(), nbytes)
            };
        });
        return Ok(out);
    }
    let start = {
        let mut bytes = export.obj_bytes_mut();
        // SAFETY: the export's own offset and `offset` are within the exported bytes.
        unsafe {
            bytes
                .as_mut_ptr()
                .offset(export.desc.offset)
                .add(offset as usize)
        }
    };
    let ptr = NonNull::new(start).expect("a slice pointer is never null");
    // SAFETY: the export pins the exporter's memory (a bytearray cannot resize while
    // exported) and keeps the object alive for as long as the buffer lives.
    let buffer = unsafe { Buffer::external(ptr, nbytes, Box::new(export)) };
    Ok(NdArray {
        buffer: Arc::new(buffer),
        dtype,
        shape: vec![n],
        strides: vec![itemsize as isize],
        offset: 0,
    })
}
