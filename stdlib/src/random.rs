//! `_random`: the Mersenne Twister under the standard library's `random` module, kiln's
//! own so that compiled loops can draw from the same generator as the interpreter.
//!
//! `random.random()` in a hot loop is a call of `Random.random` on the module's hidden
//! instance; compiled code calls [`Random::random`] on that instance's payload instead
//! (kiln-vm's sites), which is the same generator state, so the interpreter and
//! compiled code draw one sequence between them. The generator is CPython's: MT19937
//! (numpy's legacy one, `numpy::random::mt19937`, the same words and seeding),
//! `random()` the 53-bit float of two 32-bit draws, `seed(n)` of an int by its absolute
//! value's 32-bit digits (least significant first) through `init_by_array`, of another
//! object by its hash, of `None` by the operating system's randomness; `getstate` and
//! `setstate` exchange the 624 words and the position as CPython's `_random` does,
//! `getrandbits(k)` fills 32-bit words least significant first.

use crate::numpy::random::bitgen::BitGenerator;
use crate::numpy::random::mt19937::{Mt19937 as Mt, N};
use malachite_bigint::{BigInt, BigUint, Sign};
use rustpython_vm::builtins::{PyInt, PyTupleRef};
use rustpython_vm::common::lock::PyMutex;
use rustpython_vm::function::OptionalArg;
use rustpython_vm::types::{Constructor, Initializer};
use rustpython_vm::{
    Py, PyObjectRef, PyPayload, PyResult, VirtualMachine, builtins::PyType, pyclass,
};

pub(crate) use _random::module_def;

#[rustpython_vm::pymodule]
mod _random {
    use rustpython_vm::VirtualMachine;
    use rustpython_vm::builtins::PyTypeRef;

    #[pyattr(name = "Random")]
    fn random_type(vm: &VirtualMachine) -> PyTypeRef {
        use rustpython_vm::class::PyClassImpl;
        let _ = vm;
        super::Random::make_static_type()
    }
}

/// A generator: the payload of `_random.Random` and of every subclass's instances
/// (`random.Random`, `random.SystemRandom`).
#[pyclass(module = "_random", name = "Random")]
#[derive(Debug, PyPayload)]
pub struct Random {
    rng: PyMutex<Mt>,
}

impl Random {
    /// The next float in [0, 1), as `random()` draws it.
    pub fn random(&self) -> f64 {
        self.rng.lock().next_double()
    }

    /// [`Random::random`] for compiled code, without taking the generator's lock.
    ///
    /// # Safety
    /// Only one thread runs (compiled code that draws runs only then, and nothing it
    /// calls draws through the lock meanwhile).
    pub unsafe fn random_unlocked(&self) -> f64 {
        // SAFETY: the caller's: no other borrow of the state exists while this runs.
        unsafe { &mut *self.rng.data_ptr() }.next_double()
    }

    /// An int in [0, n) for `n > 0`, as `random.Random._randbelow_with_getrandbits`
    /// draws it: `getrandbits(n.bit_length())` until below `n`.
    pub fn below(&self, n: u64) -> u64 {
        below(&mut self.rng.lock(), n)
    }

    /// [`Random::below`] for compiled code, without taking the generator's lock.
    ///
    /// # Safety
    /// As for [`Random::random_unlocked`].
    pub unsafe fn below_unlocked(&self, n: u64) -> u64 {
        // SAFETY: the caller's: no other borrow of the state exists while this runs.
        below(unsafe { &mut *self.rng.data_ptr() }, n)
    }
}

/// `getrandbits(n.bit_length())` of `rng` until below `n` (`n > 0`).
fn below(rng: &mut Mt, n: u64) -> u64 {
    let k = 64 - n.leading_zeros();
    loop {
        // `getrandbits(k)`: 32-bit words from the least significant, the last one's
        // top bits.
        let low = rng.next_word();
        let r = if k <= 32 {
            u64::from(low >> (32 - k))
        } else {
            u64::from(low) | u64::from(rng.next_word() >> (64 - k)) << 32
        };
        if r < n {
            return r;
        }
    }
}

impl Constructor for Random {
    type Args = rustpython_vm::function::FuncArgs;

    fn py_new(_cls: &Py<PyType>, _args: Self::Args, _vm: &VirtualMachine) -> PyResult<Self> {
        // Seeded by `__init__` (CPython seeds in `__new__` for `_random.Random` itself
        // and again in `random.Random.__init__`; the state after both is the same).
        Ok(Random {
            rng: PyMutex::new(from_os()),
        })
    }
}

impl Initializer for Random {
    type Args = OptionalArg<PyObjectRef>;

    fn init(zelf: &Py<Self>, n: Self::Args, vm: &VirtualMachine) -> PyResult<()> {
        Random::seed(zelf, n, vm)
    }
}

/// A generator seeded from the operating system's randomness (time and process where
/// there is none).
fn from_os() -> Mt {
    let mut bytes = [0u8; 4 * 624];
    let read = std::fs::File::open("/dev/urandom")
        .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut bytes));
    let key: Vec<u32> = match read {
        Ok(()) => bytes
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes(c.try_into().expect("four bytes")))
            .collect(),
        Err(_) => {
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos());
            vec![
                now as u32,
                (now >> 32) as u32,
                (now >> 64) as u32,
                std::process::id(),
            ]
        }
    };
    Mt::from_key(&key)
}

#[pyclass(with(Constructor, Initializer), flags(BASETYPE))]
impl Random {
    #[pymethod(name = "random")]
    fn py_random(zelf: &Py<Self>) -> f64 {
        zelf.random()
    }

    #[pymethod]
    fn seed(zelf: &Py<Self>, n: OptionalArg<PyObjectRef>, vm: &VirtualMachine) -> PyResult<()> {
        let rng = match n.into_option().filter(|n| !vm.is_none(n)) {
            None => from_os(),
            Some(n) => {
                let value = match n.downcast_ref::<PyInt>() {
                    Some(i) => i.as_bigint().clone(),
                    None => BigInt::from(n.hash(vm)?),
                };
                // The magnitude's digits: the sign is dropped, as CPython drops it.
                let (_, mut digits) = value.to_u32_digits();
                if digits.is_empty() {
                    digits.push(0);
                }
                Mt::from_key(&digits)
            }
        };
        *zelf.rng.lock() = rng;
        Ok(())
    }

    #[pymethod]
    fn getrandbits(zelf: &Py<Self>, k: PyObjectRef, vm: &VirtualMachine) -> PyResult<BigInt> {
        let k = k.try_index(vm)?;
        let k = k.as_bigint();
        if k.sign() == Sign::Minus {
            return Err(vm.new_value_error("number of bits must be non-negative"));
        }
        let k: usize = k
            .try_into()
            .map_err(|_| vm.new_overflow_error("getrandbits: number of bits too large"))?;
        let mut rng = zelf.rng.lock();
        let mut words = Vec::with_capacity(k.div_ceil(32));
        let mut left = k;
        while left > 0 {
            let r = rng.next_word();
            words.push(if left < 32 { r >> (32 - left) } else { r });
            left = left.saturating_sub(32);
        }
        Ok(BigInt::from(BigUint::new(words)))
    }

    #[pymethod]
    fn getstate(zelf: &Py<Self>, vm: &VirtualMachine) -> PyTupleRef {
        let rng = zelf.rng.lock();
        let (words, index) = rng.state();
        let items = words
            .iter()
            .map(|w| vm.ctx.new_int(*w).into())
            .chain(std::iter::once(vm.ctx.new_int(index).into()))
            .collect();
        vm.ctx.new_tuple(items)
    }

    #[pymethod]
    fn setstate(zelf: &Py<Self>, state: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
        let Some(state) = state.downcast_ref::<rustpython_vm::builtins::PyTuple>() else {
            return Err(vm.new_type_error("state vector must be a tuple"));
        };
        let items = state.as_slice();
        if items.len() != N + 1 {
            return Err(vm.new_value_error("state vector is the wrong size"));
        }
        let word = |o: &PyObjectRef| -> PyResult<u32> {
            let i = o
                .downcast_ref::<PyInt>()
                .ok_or_else(|| vm.new_type_error("state vector items must be integers"))?;
            i.as_bigint().try_into().map_err(|_| {
                vm.new_overflow_error("Python int too large to convert to C unsigned long")
            })
        };
        let mut words = [0u32; N];
        for (w, o) in words.iter_mut().zip(items) {
            *w = word(o)?;
        }
        let index = items[N].try_to_value::<i64>(vm)?;
        if !(0..=N as i64).contains(&index) {
            return Err(vm.new_value_error("invalid state"));
        }
        zelf.rng.lock().set(&words, index as usize);
        Ok(())
    }
}

/// The payload of `obj` if it is a generator (`random.Random`'s instances included).
pub fn generator(obj: &PyObjectRef) -> Option<&Py<Random>> {
    obj.downcast_ref::<Random>()
}
