//! The VM's object layout as compiled code reads it in place
//! (`kiln_jit::runtime::ObjectLayout`), measured on live objects once.
//!
//! Each offset is found on one object and checked on another of other contents: the
//! type pointer among a float's header words (checked on an int and a list), a float's
//! value from its payload's address (checked on a second float), a list's item
//! pointer and length among the words of its vector (a vector whose length and
//! capacity differ, checked on a second list), and the reference count word (equal in
//! two floats held once, one more while a second reference is held). Where anything
//! does not check out, no layout is given and compiled code calls the helpers.

use kiln_jit::runtime::{IntLayout, ObjectLayout};
use rustpython_vm::builtins::{PyFloat, PyList};
use rustpython_vm::{AsObject, PyObject, PyObjectRef, VirtualMachine};

/// Probes the layout and gives it to compiled code, once.
pub(super) fn provide(vm: &VirtualMachine) {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        if let Some(layout) = probe(vm) {
            kiln_jit::runtime::set_object_layout(layout);
        }
    });
}

fn address(obj: &PyObject) -> usize {
    obj as *const PyObject as usize
}

/// The word at `offset` bytes into the object at `base`.
///
/// # Safety
/// `offset + 8` lies within the object's allocation.
unsafe fn word(base: usize, offset: usize) -> usize {
    unsafe { std::ptr::read_unaligned((base + offset) as *const usize) }
}

fn probe(vm: &VirtualMachine) -> Option<ObjectLayout> {
    let types = &vm.ctx.types;
    let float_type = types.float_type as *const _ as usize;
    let int_type = types.int_type as *const _ as usize;
    let list_type = types.list_type as *const _ as usize;

    // A float's value: where its payload lies.
    let f: PyObjectRef = vm.ctx.new_float(1.5).into();
    let base = address(&f);
    let payload: &PyFloat = f.downcast_ref::<PyFloat>()?;
    let value = payload as *const PyFloat as usize - base;
    let g: PyObjectRef = vm.ctx.new_float(-2.25).into();
    // SAFETY: the payload (a float's value) lies `value` bytes into each float.
    let (a, b) = unsafe {
        (
            std::ptr::read_unaligned((base + value) as *const f64),
            std::ptr::read_unaligned((address(&g) + value) as *const f64),
        )
    };
    if a != 1.5 || b != -2.25 {
        return None;
    }
    // The type pointer: a header word of the float's (before its payload) that is the
    // float type, at the same place in an int and a list.
    let i: PyObjectRef = vm.ctx.new_int(7).into();
    let items: Vec<PyObjectRef> = {
        let mut v = Vec::with_capacity(7);
        v.extend([f.clone(), g.clone(), i.clone()]);
        v
    };
    let list = vm.ctx.new_list(items);
    let l: &PyObject = list.as_object();
    // SAFETY: every offset read is below the float's payload, inside the header every
    // object has.
    let type_pointer = (0..value / 8).map(|k| 8 * k).find(|&o| unsafe {
        word(base, o) == float_type
            && word(address(&i), o) == int_type
            && word(address(l), o) == list_type
    })?;

    // A list's items and length: words of the vector inside the list.
    let (list_items, list_len) = vector_words(&list)?;
    let mut five = Vec::with_capacity(9);
    five.resize(5, i.clone());
    let other = vm.ctx.new_list(five);
    let (items2, len2) = vector_words(&other)?;
    if (items2, len2) != (list_items, list_len) {
        return None;
    }
    // SAFETY: the offsets were found within the lists' vectors.
    let checked = unsafe {
        word(address(other.as_object()), list_len) == 5
            && word(address(other.as_object()), list_items) == other.borrow_vec().as_ptr() as usize
    };
    if !checked {
        return None;
    }
    // The reference count: a header word (not the type pointer) equal in two floats
    // only one name holds, one more while a second reference is held, back after.
    let lone: PyObjectRef = vm.ctx.new_float(0.5).into();
    let other: PyObjectRef = vm.ctx.new_float(0.75).into();
    let (lone_base, other_base) = (address(&lone), address(&other));
    // SAFETY: every offset read is below the floats' payload, in their headers.
    let refcount = (0..value / 8).map(|k| 8 * k).find(|&o| unsafe {
        if o == type_pointer || lone.strong_count() != 1 || other.strong_count() != 1 {
            return false;
        }
        let one = word(lone_base, o);
        if word(other_base, o) != one {
            return false;
        }
        let second = lone.clone();
        let two = word(lone_base, o);
        drop(second);
        two == one + 1 && word(lone_base, o) == one
    })?;
    // SAFETY: found above.
    let one_reference = unsafe { word(lone_base, refcount) } as u64;
    let ints = int_layout(vm, type_pointer);
    Some(ObjectLayout {
        ints,
        refcount: refcount as i32,
        one_reference,
        type_pointer: type_pointer as i32,
        float_value: value as i32,
        list_items: list_items as i32,
        list_len: list_len as i32,
        float_type: float_type as u64,
        list_type: list_type as u64,
        true_object: address(vm.ctx.true_value.as_object()) as u64,
        false_object: address(vm.ctx.false_value.as_object()) as u64,
    })
}

/// The offsets, from the list object, of its vector's item pointer and length: the
/// vector's words that are its pointer and its length (which its capacity is not).
fn vector_words(list: &rustpython_vm::Py<PyList>) -> Option<(usize, usize)> {
    let base = address(list.as_object());
    let vec = list.borrow_vec_mut();
    let at = &*vec as *const Vec<PyObjectRef> as usize - base;
    let (ptr, len, cap) = (vec.as_ptr() as usize, vec.len(), vec.capacity());
    drop(vec);
    if len == cap {
        return None;
    }
    let words = std::mem::size_of::<Vec<PyObjectRef>>() / 8;
    // SAFETY: the words read are the vector's own, inside the list object.
    let found = |want: usize| (0..words).find(|k| unsafe { word(base, at + 8 * k) } == want);
    let items = found(ptr)?;
    let length = found(len)?;
    (items != length).then_some((at + 8 * items, at + 8 * length))
}

/// Where an int of one machine word keeps its magnitude and sign, and the word that
/// tells it is one (`IntLayout`): offsets inside the int's payload, each the one
/// that holds for a handful of ints of different sizes and signs, checked by reading
/// others back (zero, the extremes of a word, one past them).
fn int_layout(vm: &VirtualMachine, type_pointer: usize) -> Option<IntLayout> {
    use rustpython_vm::builtins::PyInt;
    let int = |v: i128| -> PyObjectRef { vm.ctx.new_int(v).into() };
    let payload_of = |o: &PyObjectRef| -> Option<usize> {
        let p: &PyInt = o.downcast_ref::<PyInt>()?;
        Some(p as *const PyInt as usize - address(o))
    };
    let size = std::mem::size_of::<PyInt>();
    let five = int(5);
    let start = payload_of(&five)?;
    let words: Vec<usize> = (0..size / 8).map(|k| start + 8 * k).collect();
    let small = [
        int(5),
        int(123_456_789),
        int(-3),
        int(0),
        int(i64::MAX as i128),
    ];
    let large = int(1 << 100);
    // SAFETY: every offset read lies inside the ints' payloads (`size` bytes).
    let w = |o: &PyObjectRef, at: usize| unsafe { word(address(o), at) };
    let magnitude = *words.iter().find(|&&at| {
        w(&small[0], at) == 5
            && w(&small[1], at) == 123_456_789
            && w(&small[2], at) == 3
            && w(&small[4], at) == i64::MAX as usize
    })?;
    let tag = *words.iter().find(|&&at| {
        at != magnitude
            && small.iter().all(|i| w(i, at) == w(&small[0], at))
            && w(&large, at) != w(&small[0], at)
    })?;
    let tag_value = w(&small[0], tag);
    // SAFETY: as above, a byte at a time.
    let byte = |o: &PyObjectRef, at: usize| unsafe { *((address(o) + at) as *const u8) };
    let sign = (start..start + size).find(|&at| {
        (at < magnitude || at >= magnitude + 8)
            && (at < tag || at >= tag + 8)
            && byte(&small[0], at) == byte(&small[1], at)
            && byte(&small[0], at) == byte(&small[3], at)
            && byte(&small[0], at) == byte(&small[4], at)
            && byte(&small[2], at) != byte(&small[0], at)
            && byte(&small[0], at) <= 1
            && byte(&small[2], at) <= 1
    })?;
    let layout = IntLayout {
        int_type: vm.ctx.types.int_type as *const _ as u64,
        tag: tag as i32,
        small: tag_value as u64,
        magnitude: magnitude as i32,
        sign: sign as i32,
        positive: byte(&small[0], sign),
    };
    // Read back as compiled code reads: the value where it fits a word, none where not.
    let read = |o: &PyObjectRef| -> Option<i128> {
        if w(o, tag) as u64 != layout.small {
            return None;
        }
        let m = w(o, magnitude) as u64 as i128;
        Some(if byte(o, sign) == layout.positive {
            m
        } else {
            -m
        })
    };
    let checks = [
        0i128,
        1,
        -1,
        255,
        -256,
        1 << 40,
        -(1 << 40),
        i64::MAX as i128,
        i64::MIN as i128,
        u64::MAX as i128,
        -(u64::MAX as i128),
    ];
    for v in checks {
        if read(&int(v)) != Some(v) {
            return None;
        }
    }
    for v in [1i128 << 64, -(1i128 << 64), 1 << 100] {
        if read(&int(v)).is_some() {
            return None;
        }
    }
    let _ = type_pointer;
    Some(layout)
}
