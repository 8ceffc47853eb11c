//! `_kiln_numpy.BitStream`: a seeded numpy bit generator with its distributions, the
//! native half of `numpy.random`.
//!
//! The Python half (`numpy/random/__init__.py`) turns seeds into words, sizes into
//! counts and flat results into shaped arrays and scalars; everything that consumes
//! random bits runs here, in one call per request, so the order of draws is numpy's:
//! element after element in C order, one fill per call (the piece buffer of small
//! integer widths lives for one call, as in numpy).

use rustpython_vm::common::lock::PyMutex;
use rustpython_vm::{Py, PyObjectRef, PyPayload, PyResult, VirtualMachine, pyclass};

use super::convert::dtype_arg;
use super::errors::array_error;
use super::ndarray::PyNdArray;
use crate::numpy::DType;
use crate::numpy::multiarray::NdArray;
use crate::numpy::random::bounded::{self, BoundedSampler, Method, Width};
use crate::numpy::random::{LegacyRandom, Mt19937, Pcg64, SeedSequence, generator, ziggurat};

/// Which of numpy's two APIs the stream serves: they differ in the bit generator,
/// the Gaussian method and the bounded-integer rejection.
enum Stream {
    /// `RandomState`: MT19937, polar Gaussians, masked rejection.
    Legacy(Box<LegacyRandom>),
    /// `Generator(PCG64)`: ziggurat Gaussians, Lemire rejection.
    Pcg(Pcg64),
}

#[pyclass(module = "numpy.random", name = "BitStream")]
#[derive(PyPayload)]
pub struct PyBitStream {
    stream: PyMutex<Stream>,
}

impl std::fmt::Debug for PyBitStream {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("BitStream")
    }
}

impl PyBitStream {
    /// `RandomState(seed)` for an integer seed in [0, 2**32).
    pub fn legacy_from_u32(seed: u32) -> PyBitStream {
        Self::new(Stream::Legacy(Box::new(LegacyRandom::from_u32(seed))))
    }

    /// `RandomState(seq)` for an array of 32-bit words (`init_by_array`).
    pub fn legacy_from_key(key: &[u32]) -> PyBitStream {
        Self::new(Stream::Legacy(Box::new(LegacyRandom::new(
            Mt19937::from_key(key),
        ))))
    }

    /// `default_rng(seed)` given the seed's entropy words.
    pub fn pcg_from_entropy(words: &[u32]) -> PyBitStream {
        let seq = SeedSequence::from_words(words);
        Self::new(Stream::Pcg(Pcg64::from_seed_sequence(&seq)))
    }

    fn new(stream: Stream) -> PyBitStream {
        PyBitStream {
            stream: PyMutex::new(stream),
        }
    }

    fn fill_f64(&self, n: usize, mut draw: impl FnMut(&mut Stream) -> f64) -> NdArray {
        let mut stream = self.stream.lock();
        let values: Vec<f64> = (0..n).map(|_| draw(&mut stream)).collect();
        NdArray::from_vec(&values, &[n]).expect("a 1-d shape of a vector's length")
    }

    /// `n` float32 draws, which only `Generator` (PCG64) makes.
    fn fill_f32(
        &self,
        n: usize,
        vm: &VirtualMachine,
        mut draw: impl FnMut(&mut Pcg64) -> f32,
    ) -> PyResult {
        let mut stream = self.stream.lock();
        let Stream::Pcg(pcg) = &mut *stream else {
            return Err(vm.new_type_error("RandomState has no float32 draws"));
        };
        let values: Vec<f32> = (0..n).map(|_| draw(pcg)).collect();
        Ok(wrap(vm, NdArray::from_vec(&values, &[n]).expect("1-d")))
    }
}

fn wrap(vm: &VirtualMachine, a: NdArray) -> PyObjectRef {
    PyNdArray::from(a).into_py(vm)
}

/// The storage width numpy's bounded fill uses for `dtype`.
fn width_of(dtype: DType) -> Option<Width> {
    Some(match dtype {
        DType::Bool => Width::Bool,
        DType::Int8 | DType::UInt8 => Width::W8,
        DType::Int16 | DType::UInt16 => Width::W16,
        DType::Int32 | DType::UInt32 => Width::W32,
        DType::Int64 | DType::UInt64 => Width::W64,
        _ => return None,
    })
}

#[pyclass]
impl PyBitStream {
    /// `n` doubles uniform in [0, 1) (`random_sample` / `Generator.random`).
    #[pymethod]
    fn doubles(zelf: &Py<Self>, n: usize, vm: &VirtualMachine) -> PyObjectRef {
        wrap(
            vm,
            zelf.fill_f64(n, |s| match s {
                Stream::Legacy(rs) => rs.random_sample(),
                Stream::Pcg(pcg) => generator::random(pcg),
            }),
        )
    }

    /// `n` float32 uniform in [0, 1) (`Generator.random(dtype=np.float32)`).
    #[pymethod]
    fn floats(zelf: &Py<Self>, n: usize, vm: &VirtualMachine) -> PyResult {
        zelf.fill_f32(n, vm, generator::random_f32)
    }

    /// `n` standard normals: the polar method for `RandomState`, the ziggurat for
    /// `Generator`.
    #[pymethod]
    fn normals(zelf: &Py<Self>, n: usize, vm: &VirtualMachine) -> PyObjectRef {
        wrap(
            vm,
            zelf.fill_f64(n, |s| match s {
                Stream::Legacy(rs) => rs.gauss(),
                Stream::Pcg(pcg) => ziggurat::standard_normal(pcg),
            }),
        )
    }

    /// `n` float32 standard normals (`Generator.standard_normal(dtype=np.float32)`).
    #[pymethod]
    fn normals_f32(zelf: &Py<Self>, n: usize, vm: &VirtualMachine) -> PyResult {
        zelf.fill_f32(n, vm, generator::standard_normal_f32)
    }

    /// `n` integers in `[low, high]` (inclusive) of an integer or bool `dtype`, drawn as
    /// numpy's bounded fill draws them. The caller has checked the range fits `dtype`.
    #[pymethod]
    fn integers(
        zelf: &Py<Self>,
        n: usize,
        low: i128,
        high: i128,
        dtype: PyObjectRef,
        vm: &VirtualMachine,
    ) -> PyResult {
        let dtype = dtype_arg(vm, &dtype)?;
        let width = width_of(dtype).ok_or_else(|| {
            vm.new_type_error(format!("Unsupported dtype {} for randint", dtype.name()))
        })?;
        let rng = (high - low) as u64 & width.max();
        let off = low as u64 & width.max();
        let mut stream = zelf.stream.lock();
        let values: Vec<u64> = match &mut *stream {
            Stream::Legacy(rs) => {
                let mut sampler = BoundedSampler::new(width, Method::Masked);
                (0..n).map(|_| sampler.draw(&mut rs.mt, off, rng)).collect()
            }
            Stream::Pcg(pcg) => {
                let mut sampler = BoundedSampler::new(width, Method::Lemire);
                (0..n).map(|_| sampler.draw(pcg, off, rng)).collect()
            }
        };
        // The draws are bit patterns zero-extended from the width: a C cast
        // (truncation) from uint64 gives each element its value in `dtype`.
        let raw = NdArray::from_vec(&values, &[n]).expect("1-d");
        Ok(wrap(vm, raw.cast(dtype).map_err(|e| array_error(vm, e))?))
    }

    /// A permutation of `range(n)` by numpy's Fisher-Yates from the end (`j` drawn by
    /// `random_interval(i)` for `i = n-1 .. 1`, as both APIs' `shuffle` do); shuffling
    /// any sequence is indexing it with this.
    #[pymethod]
    fn permutation(zelf: &Py<Self>, n: usize, vm: &VirtualMachine) -> PyObjectRef {
        let mut items: Vec<i64> = (0..n as i64).collect();
        match &mut *zelf.stream.lock() {
            Stream::Legacy(rs) => rs.shuffle_swaps(n, |i, j| items.swap(i, j)),
            Stream::Pcg(pcg) => {
                for i in (1..n).rev() {
                    items.swap(i, bounded::random_interval(pcg, i as u64) as usize);
                }
            }
        }
        wrap(vm, NdArray::from_vec(&items, &[n]).expect("1-d"))
    }

    /// `"MT19937"` or `"PCG64"`, for reprs.
    #[pygetset]
    fn bit_generator(zelf: &Py<Self>) -> &'static str {
        match &*zelf.stream.lock() {
            Stream::Legacy(_) => "MT19937",
            Stream::Pcg(_) => "PCG64",
        }
    }
}
