//! A second key for a nest's machine code, taken from what its CLIF is generated
//! from, so that a run that finds it skips generating and simplifying the CLIF too.
//!
//! `code_cache` keys machine code by the CLIF itself: a hit skips Cranelift, but only
//! after kiln has generated the function and run its own passes over it, which is
//! most of what a hit still costs (about 0.3 ms and 0.4 ms of a 0.8-1.3 ms compile).
//! The CLIF is a function of the typed nest handed to `emit`: the nest after every
//! rewrite, the types of its variables on entry (its typing and frame layout are
//! computed from those two), the marks the rewrites left, the loops offered to tier 2,
//! and the shape of the VM's objects compiled code reads (offsets, never addresses).
//! A front key hashes those, with what every code key of the process shares (this
//! executable, the target); its entry holds the machine code, the names of what the
//! code calls, and the counts `emit` reports.
//!
//! The invariant the front key relies on is that the CLIF holds nothing of one process
//! (an address): the VM's objects are reached by name (`runtime::symbols`). An entry is
//! stored only when the code key, computed from the CLIF generated in this process,
//! was itself found in the cache, so written by another process: the CLIF was the same
//! in two processes, and if some nest's CLIF did hold an address of its process, its
//! code key would never be found and no front entry would be stored for it. A front hit
//! is therefore the code a miss would load: never different code, only sooner.

use super::code_cache::{self, Entry};
use super::emit::Marks;
use crate::disk_cache::{self, Cache, Key};
use crate::ir::{Nest, Point, Var};
use crate::types::Ty;
use cranelift_codegen::isa::TargetIsa;
use siphasher::sip128::{Hasher128, SipHasher13};
use std::fmt::Write;
use std::hash::{Hash, Hasher};

/// Bumped whenever the entry format or what the key covers changes.
const FORMAT: u32 = 2;
static CACHE: Cache = Cache::new("front", b"KILNFRNT");

/// What `emit` reports of the code it generated (and a front entry holds besides the
/// code): its vector loops, the partial sums among them, loops under the CPU's flags,
/// proven nests, branches made selects (`if_convert`), whether a call in it keeps it
/// on one thread, and the proven nests (by point) whose checked copies it calls, by
/// index (`checked_loops`).
#[derive(Clone, PartialEq, Debug, Default)]
pub(super) struct Counts {
    pub(super) vector_loops: u32,
    pub(super) partial_sum_loops: u32,
    pub(super) flag_loops: u32,
    pub(super) summed_loops: u32,
    pub(super) summed_nests: u32,
    pub(super) nest_proofs: u32,
    pub(super) branch_selects: u32,
    pub(super) one_thread: bool,
    pub(super) checked_loops: Vec<Point>,
}

/// A nest's code as a front entry has it: the code cache's entry, with the names of
/// what it calls by the stencil's numbering (namespace 0 a function, 1 data).
#[derive(PartialEq, Debug)]
pub(super) struct FrontEntry {
    pub(super) code: Entry,
    pub(super) names: code_cache::Names,
    pub(super) counts: Counts,
}

/// The part of a front key a nest's compile knows before `emit`: the typed nest and
/// the marks. None where the cache is off.
pub(super) fn material(nest: &Nest, entry: &[Ty], marks: &Marks) -> Option<u128> {
    if !CACHE.enabled() {
        return None;
    }
    let mut h = SipHasher13::new();
    // Derived `Debug` spells out every field of the IR, in its arenas' order; the one
    // map a nest holds is a `PrimaryMap`, so the text is the same in every process.
    let _ = write!(HashWriter(&mut h), "{nest:?}\n{entry:?}");
    let mut points: Vec<u32> = marks.hardware_floats.iter().map(|p| p.as_u32()).collect();
    points.sort_unstable();
    points.hash(&mut h);
    for set in [&marks.cold_loops, &marks.unchecked_loops] {
        let mut vars: Vec<u32> = set.iter().map(|v| v.as_u32()).collect();
        vars.sort_unstable();
        vars.hash(&mut h);
    }
    marks.lazy_checked.hash(&mut h);
    match &marks.live {
        Some(live) => live.hash_into(&mut h),
        None => 0u8.hash(&mut h),
    }
    shape_of_objects(&mut h);
    Some(h.finish128().as_u128())
}

/// The front key of a nest with `material`, compiled by `isa` with `offers` (the loops
/// first offered to tier 2, by point: their index and the variables they assign).
pub(super) fn key(
    isa: &dyn TargetIsa,
    material: u128,
    offers: &crate::collections::HashMap<Point, (usize, Vec<Var>)>,
) -> Key {
    let mut h = code_cache::process_hasher(isa);
    b"front".hash(&mut h);
    FORMAT.hash(&mut h);
    material.hash(&mut h);
    let mut offered: Vec<(u32, usize, Vec<u32>)> = offers
        .iter()
        .map(|(p, (k, vars))| (p.as_u32(), *k, vars.iter().map(|v| v.as_u32()).collect()))
        .collect();
    offered.sort_unstable();
    offered.hash(&mut h);
    disk_cache::finish(&h)
}

/// The offsets compiled code reads the VM's objects at (their addresses are symbols,
/// resolved in each process, and stay out of the key).
fn shape_of_objects(h: &mut SipHasher13) {
    match crate::runtime::object_layout() {
        None => 0u8.hash(h),
        Some(l) => {
            1u8.hash(h);
            (
                l.type_pointer,
                l.float_value,
                l.list_items,
                l.list_len,
                l.refcount,
            )
                .hash(h);
            l.one_reference.hash(h);
            l.ints
                .map(|i| (i.tag, i.small, i.magnitude, i.sign, i.positive))
                .hash(h);
        }
    }
}

/// Feeds formatted text to a hasher without building the string.
struct HashWriter<'a>(&'a mut SipHasher13);

impl Write for HashWriter<'_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0.write(s.as_bytes());
        Ok(())
    }
}

/// The entry stored under `key`, if there is a whole one.
pub(super) fn load(key: Key) -> Option<FrontEntry> {
    decode(&CACHE.load(key)?)
}

pub(super) fn store(key: Key, entry: &FrontEntry) {
    CACHE.store(key, &encode(entry));
}

fn encode(entry: &FrontEntry) -> Vec<u8> {
    let code = code_cache::encode(&entry.code);
    let mut out = Vec::with_capacity(code.len() + 64);
    out.extend_from_slice(&(code.len() as u32).to_le_bytes());
    out.extend_from_slice(&code);
    out.extend_from_slice(&(entry.names.len() as u32).to_le_bytes());
    for (namespace, name) in &entry.names {
        out.extend_from_slice(&namespace.to_le_bytes());
        out.extend_from_slice(&(name.len() as u32).to_le_bytes());
        out.extend_from_slice(name.as_bytes());
    }
    let c = &entry.counts;
    for n in [
        c.vector_loops,
        c.partial_sum_loops,
        c.flag_loops,
        c.summed_loops,
        c.summed_nests,
        c.nest_proofs,
        c.branch_selects,
        c.one_thread as u32,
        c.checked_loops.len() as u32,
    ] {
        out.extend_from_slice(&n.to_le_bytes());
    }
    for p in &c.checked_loops {
        out.extend_from_slice(&p.as_u32().to_le_bytes());
    }
    out
}

/// Reads what [`encode`] wrote; none for anything else.
fn decode(bytes: &[u8]) -> Option<FrontEntry> {
    let mut r = code_cache::Reader(bytes);
    let word = |r: &mut code_cache::Reader| Some(u32::from_le_bytes(r.array()?));
    let len = word(&mut r)? as usize;
    let code = code_cache::decode(r.take(len)?)?;
    let count = word(&mut r)? as usize;
    let mut names = Vec::with_capacity(count.min(bytes.len()));
    for _ in 0..count {
        let namespace = word(&mut r)?;
        let len = word(&mut r)? as usize;
        let name = std::str::from_utf8(r.take(len)?).ok()?.to_string();
        if namespace > 1 {
            return None;
        }
        names.push((namespace, name));
    }
    let mut counts = Counts {
        vector_loops: word(&mut r)?,
        partial_sum_loops: word(&mut r)?,
        flag_loops: word(&mut r)?,
        summed_loops: word(&mut r)?,
        summed_nests: word(&mut r)?,
        nest_proofs: word(&mut r)?,
        branch_selects: word(&mut r)?,
        one_thread: match word(&mut r)? {
            0 => false,
            1 => true,
            _ => return None,
        },
        checked_loops: Vec::new(),
    };
    let checked = word(&mut r)? as usize;
    for _ in 0..checked.min(bytes.len()) {
        counts.checked_loops.push(Point::from_u32(word(&mut r)?));
    }
    // Every name the code refers to is one the entry holds.
    let named = code.named_targets().all(|n| (n as usize) < names.len());
    (r.0.is_empty() && named).then_some(FrontEntry {
        code,
        names,
        counts,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry() -> FrontEntry {
        FrontEntry {
            code: code_cache::tests::entry(),
            names: vec![
                (0, "kiln_list_get".into()),
                (1, "kiln_interrupt".into()),
                (0, "a".into()),
                (0, "b".into()),
            ],
            counts: Counts {
                vector_loops: 1,
                partial_sum_loops: 2,
                flag_loops: 3,
                summed_loops: 6,
                summed_nests: 8,
                nest_proofs: 4,
                branch_selects: 5,
                one_thread: true,
                checked_loops: vec![Point::from_u32(7), Point::from_u32(9)],
            },
        }
    }

    #[test]
    fn an_entry_reads_back_as_written() {
        assert_eq!(decode(&encode(&entry())), Some(entry()));
    }

    #[test]
    fn a_damaged_entry_is_not_read() {
        code_cache::tests::cuts_and_tails_are_not_read(&encode(&entry()), decode);
        // Fewer names than the code refers to (it calls name 3).
        let mut short = entry();
        short.names.truncate(3);
        assert_eq!(decode(&encode(&short)), None);
    }
}
