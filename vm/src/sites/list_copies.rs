//! Lists of numbers copied on entry into buffers of their numbers
//! (`kiln_jit::list_copies`): compiled code reads (and stores) such a list as an
//! array whose elements are Python's floats, ints or bools, one load an element; the
//! numbers a run stored are written back when it returns.
//!
//! A list is copied where the site's plan says every use fits, the list is exactly a
//! `list` of exactly one kind of number (floats; ints of one word, not bools; bools),
//! or of rows that are exactly lists of one length holding them, and the run touches
//! it enough to pay for the copy (its estimated accesses, from the values on entry,
//! at least twice its numbers). A list the nest only reads must not be, nor hold as a
//! row, any list the nest changes; a list it stores into must share neither itself
//! nor a row with any other list variable of the nest, and hold no row twice (the
//! invariant that the copy is the one place its numbers change and are read).
//! Otherwise it stays a list read in place (`lists`).

use super::tier::Entry;
use kiln_jit::ir::{Nest, Var};
use kiln_jit::list_copies::{Changed, Plan};
use kiln_jit::types::{ArrayTy, Dtype, Elements, Scalar};
use rustpython_vm::builtins::{PyFloat, PyInt, PyList};
use rustpython_vm::{AsObject, PyObject, PyObjectRef, VirtualMachine};
use std::collections::HashSet;

/// The buffers an entry's copies live in, held for its run; those the nest stores
/// into, with the list and the numbers as copied, to write back.
#[derive(Default)]
pub(super) struct Copies {
    buffers: Vec<Vec<u64>>,
    stored: Vec<Stored>,
}

/// A copy the nest may store into.
struct Stored {
    list: PyObjectRef,
    dtype: Dtype,
    ndim: u32,
    /// The index of its buffer in `Copies::buffers`, and the words as copied.
    buffer: usize,
    original: Vec<u64>,
}

impl Copies {
    /// Writes each number the run changed in a stored copy back into its list, boxed
    /// as the interpreter's store would have (a new float, int or bool), before the
    /// interpreter sees the list again; the rest of the list is left as it was.
    pub(super) fn write_back(&self, vm: &VirtualMachine) {
        for s in &self.stored {
            let words = &self.buffers[s.buffer];
            let outer = s.list.downcast_ref::<PyList>().expect("copied from a list");
            let width = match s.ndim {
                2 => outer
                    .borrow_vec()
                    .first()
                    .and_then(|r| r.downcast_ref::<PyList>())
                    .map_or(0, |r| r.borrow_vec().len()),
                _ => 1,
            };
            let number = |k: usize| boxed(s.dtype, words, k, vm);
            let changed = |k: usize| changed(s.dtype, words, &s.original, k);
            if s.ndim == 2 {
                let rows: Vec<PyObjectRef> = outer.borrow_vec().to_vec();
                for (i, row) in rows.iter().enumerate() {
                    let row = row.downcast_ref::<PyList>().expect("a row copied");
                    let mut items = row.borrow_vec_mut();
                    for (j, item) in items.iter_mut().enumerate() {
                        if changed(i * width + j) {
                            *item = number(i * width + j);
                        }
                    }
                }
            } else {
                let mut items = outer.borrow_vec_mut();
                for (k, item) in items.iter_mut().enumerate() {
                    if changed(k) {
                        *item = number(k);
                    }
                }
            }
        }
    }
}

/// The `k`th byte of `words`' memory (a bool copy's `k`th element).
fn byte(words: &[u64], k: usize) -> u8 {
    words[k / 8].to_ne_bytes()[k % 8]
}

/// Whether the `k`th number of a copy of `dtype` (`words`, as a run left it) differs
/// from the number copied (`original`).
pub(super) fn changed(dtype: Dtype, words: &[u64], original: &[u64], k: usize) -> bool {
    match dtype {
        Dtype::Bool => byte(words, k) != byte(original, k),
        _ => words[k] != original[k],
    }
}

/// The `k`th number of a copy of `dtype`, boxed as the interpreter's store would have
/// (a new float, int or bool).
pub(super) fn boxed(dtype: Dtype, words: &[u64], k: usize, vm: &VirtualMachine) -> PyObjectRef {
    match dtype {
        Dtype::F64 => vm.ctx.new_float(f64::from_bits(words[k])).into(),
        Dtype::Bool => vm.ctx.new_bool(byte(words, k) != 0).into(),
        _ => vm.ctx.new_int(words[k] as i64).into(),
    }
}

/// Copies the lists of `entries` that `plan` allows and that pay, for a run whose root
/// loop has `bounds`: each copied list's entry becomes the buffer's.
pub(super) fn make(
    nest: &Nest,
    plan: &Plan,
    objects: &[Option<PyObjectRef>],
    entries: &mut [Entry],
    bounds: (i64, i64, i64),
    vm: &VirtualMachine,
) -> Copies {
    let mut copies = Copies::default();
    let Some(changed) = &plan.changed else {
        return copies;
    };
    let object = |v: Var| objects.get(v.as_u32() as usize).and_then(Option::as_ref);
    let candidates: Vec<(Var, ArrayTy, u64, bool)> = plan
        .readable
        .iter()
        .filter_map(|r| match &entries[r.var.as_u32() as usize] {
            Entry::List(ty, slots)
                if ty.list == Some(Elements::Python)
                    && r.fits(ty.ndim as usize)
                    && object(r.var).is_some_and(|o| o.class().is(vm.ctx.types.list_type)) =>
            {
                let items = match ty.ndim {
                    2 => slots[1] * slots[2],
                    _ => slots[1],
                };
                Some((r.var, *ty, items, r.stored))
            }
            _ => None,
        })
        .collect();
    if candidates.is_empty() {
        return copies;
    }
    let int_of = |v: Var| match &entries[v.as_u32() as usize] {
        Entry::Scalar(Scalar::Int, bits) => Some(*bits as i64),
        _ => None,
    };
    let len_of = |v: Var| match &entries[v.as_u32() as usize] {
        Entry::List(_, slots) => Some(slots[1] as i64),
        _ => None,
    };
    let row_len_of = |v: Var| match &entries[v.as_u32() as usize] {
        Entry::List(ty, slots) if ty.ndim == 2 => Some(slots[2] as i64),
        _ => None,
    };
    let (start, stop, step) = bounds;
    let root_trips = match step {
        s if s > 0 => (stop - start).max(0) as f64 / s as f64,
        s if s < 0 => (start - stop).max(0) as f64 / -s as f64,
        _ => 1.0,
    };
    let accesses =
        kiln_jit::list_copies::accesses(nest, root_trips.ceil(), &int_of, &len_of, &row_len_of);
    // The lists the nest changes, by address: no list it only reads may be one.
    let mut touched: HashSet<usize> = HashSet::new();
    for c in changed {
        let (Changed::List(v) | Changed::RowOf(v)) = *c;
        let Some(list) = object(v) else {
            return copies;
        };
        touched.insert(address(list));
        touched.extend(rows(list));
    }
    // Every list variable's list and rows, with the variable: no other may share one
    // with a list the nest stores into.
    let lists: Vec<(Var, Vec<usize>)> = nest
        .vars
        .keys()
        .filter(|v| matches!(entries[v.as_u32() as usize], Entry::List(..)))
        .filter_map(|v| {
            let list = object(v)?;
            let mut all = vec![address(list)];
            all.extend(rows(list));
            Some((v, all))
        })
        .collect();
    for (var, ty, items, stored) in candidates {
        if items == 0 || accesses[var] < 2.0 * items as f64 {
            continue;
        }
        let list = object(var).expect("a candidate's list");
        let allowed = if stored {
            let own = lists.iter().find(|(v, _)| *v == var).map(|(_, a)| a);
            let others: HashSet<usize> = lists
                .iter()
                .filter(|(v, _)| *v != var)
                .flat_map(|(_, a)| a.iter().copied())
                .collect();
            own.is_some_and(|own| {
                let distinct: HashSet<usize> = own.iter().copied().collect();
                distinct.len() == own.len() && own.iter().all(|a| !others.contains(a))
            })
        } else {
            true
        };
        let clear = HashSet::new();
        let avoid = if stored { &clear } else { &touched };
        let Some((buffer, shape)) = allowed.then(|| copy(list, ty, avoid, vm)).flatten() else {
            continue;
        };
        let data = buffer.as_ptr() as u64;
        let item = ty.dtype.size() as u64;
        let mut slots = vec![data];
        slots.extend(shape.iter().map(|s| *s as u64));
        if ty.ndim == 2 {
            slots.extend([shape[1] as u64 * item, item]);
        } else {
            slots.push(item);
        }
        let copied = ArrayTy {
            dtype: ty.dtype,
            ndim: ty.ndim,
            unit_inner: true,
            own_buffer: true,
            list: None,
            copied: true,
        };
        entries[var.as_u32() as usize] = Entry::Array(copied, slots, data as usize);
        if stored {
            copies.stored.push(Stored {
                list: list.clone(),
                dtype: ty.dtype,
                ndim: ty.ndim,
                buffer: copies.buffers.len(),
                original: buffer.clone(),
            });
        }
        copies.buffers.push(buffer);
    }
    copies
}

/// The addresses of the items of `list` that are lists (its rows).
fn rows(list: &PyObject) -> Vec<usize> {
    let Some(l) = list.downcast_ref::<PyList>() else {
        return Vec::new();
    };
    l.borrow_vec()
        .iter()
        .filter(|r| r.downcast_ref::<PyList>().is_some())
        .map(|r| address(r))
        .collect()
}

fn address(o: &PyObject) -> usize {
    o as *const PyObject as usize
}

/// The numbers of `list` (of `ty`'s kind and levels) in a buffer of its dtype (bools
/// one byte each, the buffer padded to whole words), with the list's shape; `None`
/// where it is not exactly such a list, or a list the nest changes is it or a row.
fn copy(
    list: &PyObject,
    ty: ArrayTy,
    touched: &HashSet<usize>,
    vm: &VirtualMachine,
) -> Option<(Vec<u64>, Vec<usize>)> {
    if touched.contains(&address(list)) {
        return None;
    }
    let outer = list.downcast_ref::<PyList>()?.borrow_vec();
    let types = &vm.ctx.types;
    let width = match ty.ndim {
        2 => outer
            .first()
            .and_then(|r| r.downcast_ref::<PyList>())
            .map_or(0, |r| r.borrow_vec().len()),
        _ => 1,
    };
    let mut numbers = Numbers::new(ty.dtype, outer.len() * width);
    if ty.ndim == 2 {
        for (i, row) in outer.iter().enumerate() {
            if !row.class().is(types.list_type) || touched.contains(&address(row)) {
                return None;
            }
            let items = row.downcast_ref::<PyList>()?.borrow_vec();
            if items.len() != width {
                return None;
            }
            for (j, x) in items.iter().enumerate() {
                numbers.put(i * width + j, x, vm)?;
            }
        }
    } else {
        for (k, x) in outer.iter().enumerate() {
            numbers.put(k, x, vm)?;
        }
    }
    let words = numbers.words();
    let shape = match ty.ndim {
        2 => vec![outer.len(), width],
        _ => vec![outer.len()],
    };
    Some((words, shape))
}

/// Numbers of one kind in a buffer of its dtype, as copies and value columns hold
/// them: a float's bits, an int of one word, a bool one byte (in the words' memory
/// order).
pub(super) struct Numbers {
    dtype: Dtype,
    words: Vec<u64>,
    bytes: Vec<u8>,
}

impl Numbers {
    pub(super) fn new(dtype: Dtype, count: usize) -> Numbers {
        let bool = dtype == Dtype::Bool;
        Numbers {
            dtype,
            words: vec![0; if bool { 0 } else { count }],
            bytes: vec![0; if bool { count } else { 0 }],
        }
    }

    /// Puts `x` at `k`; `None` where it is not exactly a number of the kind (a float,
    /// an int that fits a word and is no bool, a bool).
    pub(super) fn put(&mut self, k: usize, x: &PyObject, vm: &VirtualMachine) -> Option<()> {
        let types = &vm.ctx.types;
        match self.dtype {
            Dtype::F64 if x.class().is(types.float_type) => {
                self.words[k] = x.downcast_ref::<PyFloat>()?.to_f64().to_bits();
            }
            Dtype::I64 if x.class().is(types.int_type) => {
                self.words[k] = i64::try_from(x.downcast_ref::<PyInt>()?.as_bigint()).ok()? as u64;
            }
            Dtype::Bool if x.is(&vm.ctx.true_value) => self.bytes[k] = 1,
            Dtype::Bool if x.is(&vm.ctx.false_value) => {}
            _ => return None,
        }
        Some(())
    }

    /// The buffer, bools packed eight to a word.
    pub(super) fn words(self) -> Vec<u64> {
        if self.dtype != Dtype::Bool {
            return self.words;
        }
        self.bytes
            .chunks(8)
            .map(|c| {
                let mut word = [0u8; 8];
                word[..c.len()].copy_from_slice(c);
                u64::from_ne_bytes(word)
            })
            .collect()
    }
}
