//! Where the VM's objects keep what compiled code reads of them directly: a list's
//! items and length, an object's type, a float's value.
//!
//! Reading a Python float out of a list through a helper costs a call and two lock
//! round trips an item, more than the interpreter's own loop. Where the VM has probed
//! its object layout ([`set_object_layout`]: measured on live objects, each offset
//! checked on a second object), compiled code reads a list of Python floats (and each
//! row of a list of rows) in place instead: the list's item pointer and length as
//! they are at that moment, the item's type, then its value (a bool's: which of `True`
//! and `False` the item is). A type that is not the
//! one expected, or an index out of range, hands the statement back, as the helper
//! would. Without a layout the helpers do it all.
//!
//! Invariant: compiled code runs on the VM's thread with nothing else running Python,
//! and changes a list only through the helpers, so the items read are the list's own.

use std::sync::OnceLock;

/// Byte offsets into the VM's objects, and the addresses of the types compared with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ObjectLayout {
    /// Of an object's type pointer.
    pub type_pointer: i32,
    /// Of a float's value.
    pub float_value: i32,
    /// Of a list's pointer to its items, and of its length.
    pub list_items: i32,
    pub list_len: i32,
    /// The float and list types.
    pub float_type: u64,
    pub list_type: u64,
    /// The `True` and `False` objects (a bool is one of them).
    pub true_object: u64,
    pub false_object: u64,
    /// Of an object's reference count word, and that word's value when exactly one
    /// reference is held (a float only a list holds, whose value a store may replace
    /// in place).
    pub refcount: i32,
    pub one_reference: u64,
    /// Python ints that fit a machine word (`ints`), where the VM found their layout.
    pub ints: Option<IntLayout>,
}

/// Where a Python int keeps a value of one machine word: the word telling that it is
/// one (`small` there), the magnitude, and the sign byte (`positive` for zero and
/// above). An int held by a list and nothing else may have these rewritten in place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IntLayout {
    pub int_type: u64,
    pub tag: i32,
    pub small: u64,
    pub magnitude: i32,
    pub sign: i32,
    pub positive: u8,
}

static LAYOUT: OnceLock<ObjectLayout> = OnceLock::new();

/// The names compiled code finds the VM's objects by: the address each stands for is
/// the object's (`runtime::symbols`), so the code stays the same from run to run.
pub const FLOAT_TYPE: &str = "kiln_float_type";
pub const LIST_TYPE: &str = "kiln_list_type";
pub const TRUE_OBJECT: &str = "kiln_true";
pub const FALSE_OBJECT: &str = "kiln_false";

pub const INT_TYPE: &str = "kiln_int_type";

/// The objects' symbols, once the VM has given its layout.
pub(super) fn symbols() -> Vec<(&'static str, *const u8)> {
    LAYOUT
        .get()
        .map(|l| {
            vec![
                (FLOAT_TYPE, l.float_type as *const u8),
                (LIST_TYPE, l.list_type as *const u8),
                (TRUE_OBJECT, l.true_object as *const u8),
                (FALSE_OBJECT, l.false_object as *const u8),
                (INT_TYPE, l.ints.map_or(0, |i| i.int_type) as *const u8),
            ]
        })
        .unwrap_or_default()
}

/// The VM's layout, probed once.
pub fn set_object_layout(layout: ObjectLayout) {
    let _ = LAYOUT.set(layout);
}

/// The layout, where the VM has given one (`KILN_JIT_LIST_HELPERS=1` makes compiled code
/// use the helpers all the same).
pub fn object_layout() -> Option<ObjectLayout> {
    static HELPERS: OnceLock<bool> = OnceLock::new();
    let helpers = *HELPERS
        .get_or_init(|| std::env::var("KILN_JIT_LIST_HELPERS").is_ok_and(|v| v.trim() == "1"));
    if helpers { None } else { LAYOUT.get().copied() }
}
