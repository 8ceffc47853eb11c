//! What the exits of a site's own code write back: the variables live after its loop
//! and before each of its statements (`crate::liveness`), found in the nest as the VM
//! lowered it, and handed to code generation with the site's marks.
//!
//! The passes after lowering replace some reads the interpreter still makes when it
//! resumes: `objects` reads `p.x` as a column, no longer `p`, so liveness on their
//! output would drop `p` at `p.flip()`. A row those passes read through a list and an
//! index is boxed by the VM from the index, so the index is live with the row.
//!
//! Invariant: the sets are used only with a nest whose root is the site's loop and
//! whose first variables are the lowered nest's, in order (the passes only add
//! variables); a loop made a nest of its own (a checked copy, a parallel part) writes
//! back everything it assigns.

use crate::collections::{HashMap, HashSet};
use crate::ir::{Nest, Point, Var};

/// A site's live sets (see the module doc).
pub(super) struct Liveness {
    /// The site's loop.
    root: Point,
    /// The lowered nest's variables' names: the passes only add variables, which this
    /// checks before the sets are used with the nest they made.
    names: Vec<String>,
    pub(super) before: Option<HashMap<Point, HashSet<Var>>>,
    pub(super) after: Option<HashSet<Var>>,
}

impl Liveness {
    /// `nest`'s, as the VM lowered it; `aliases` are the rows a pass reads through a
    /// list and an index (`(row, list, index)`, `CompiledNest::row_aliases`): the VM
    /// boxes a live row from its index, so the index is live with it.
    pub(super) fn of(nest: &Nest, aliases: &[(Var, Var, Var)]) -> Liveness {
        let with_rows = |set: &mut HashSet<Var>| {
            for (row, list, index) in aliases {
                if set.contains(row) {
                    set.insert(*list);
                    set.insert(*index);
                }
            }
        };
        let mut before = crate::liveness::live_before_statements(nest);
        let mut after = crate::liveness::live_after_site(nest);
        before
            .iter_mut()
            .flat_map(|b| b.values_mut())
            .for_each(with_rows);
        after.iter_mut().for_each(with_rows);
        Liveness {
            root: nest.root.point,
            names: nest.vars.values().map(|d| d.name.clone()).collect(),
            before,
            after,
        }
    }

    /// How many of the nest's variables the sets speak of: the lowered nest's (the
    /// variables passes add after them, temporaries, are in no set).
    pub(super) fn vars_known(&self) -> usize {
        self.names.len()
    }

    /// Hashes its sets, in an order of their own, for the front key.
    pub(super) fn hash_into(&self, h: &mut impl std::hash::Hasher) {
        use std::hash::Hash;
        let sorted = |set: &HashSet<Var>| {
            let mut v: Vec<u32> = set.iter().map(|v| v.as_u32()).collect();
            v.sort_unstable();
            v
        };
        let mut before: Vec<(u32, Vec<u32>)> = self
            .before
            .iter()
            .flatten()
            .map(|(p, set)| (p.as_u32(), sorted(set)))
            .collect();
        before.sort_unstable();
        before.hash(h);
        self.after.as_ref().map(sorted).hash(h);
    }

    /// Whether the sets apply to `nest`: the code of the site's own loop, its variables
    /// those of the lowered nest (and more).
    pub(super) fn applies_to(&self, nest: &Nest) -> bool {
        self.root == nest.root.point
            && self.names.len() <= nest.vars.len()
            && self
                .names
                .iter()
                .zip(nest.vars.values())
                .all(|(a, b)| *a == b.name)
    }
}
