//! The undo journal of the array stores inlined function bodies make.
//!
//! A failed check hands the whole statement back to the interpreter, which runs it
//! again from its start. That is only right if the statement has done nothing the
//! interpreter can see before the check: a statement's own store comes after all its
//! checks, but a call inlined into it may store into an array (`c[0] += 1`) and then
//! fail later in its body or in the rest of the statement (`i * 2**56` leaving 64
//! bits), and the interpreter would then make that store a second time.
//!
//! So, in a statement whose inlined calls store, each such store first records its
//! address and the element's previous bits and sets its site's flag; the statement's
//! checks branch to an undo block that puts back, newest first, the elements whose
//! flag is set, and goes on to the statement's exit. Inlined bodies have no loops, so
//! one run of the statement passes each store site at most once: one record per
//! site, counted from the IR before the statement is generated. The flags are
//! cleared where the statement starts, so a check elsewhere (an interrupt poll at the
//! same point, the statement's next run) never undoes a completed run's stores.

use super::Gen;
use crate::ir::{Expr, inlined_stores};
use crate::types::Dtype;
use cranelift_codegen::ir::{self, Block, InstBuilder, MemFlagsData, Value, types};
use cranelift_frontend::Variable;

type Result<T> = std::result::Result<T, String>;

/// The journal of the statement being generated.
pub(super) struct Journal {
    /// Where the statement's failed checks go.
    undo: Block,
    /// The statement's exit, where the undo block goes on to.
    exit: Block,
    /// One flag per store site, in the order the sites are generated.
    flags: Vec<Variable>,
    sites: Vec<Site>,
}

/// A journaled store: the element's address and its bits before the store.
struct Site {
    flag: Variable,
    address: Variable,
    old: Variable,
}

/// The memory type an element of `dtype` is stored as.
fn memory_type(dtype: Dtype) -> ir::Type {
    match dtype {
        Dtype::Bool | Dtype::U8 | Dtype::I8 => types::I8,
        Dtype::I16 | Dtype::U16 => types::I16,
        Dtype::I32 | Dtype::U32 => types::I32,
        Dtype::I64 | Dtype::U64 => types::I64,
        Dtype::F32 => types::F32,
        Dtype::F64 => types::F64,
        Dtype::C128 => unreachable!("complex arrays are float64 arrays here (`crate::complex`)"),
    }
}

impl Gen<'_, '_> {
    /// Runs `f`, which generates the statement whose own expressions are `exprs` (and
    /// nothing nested in it), with the stores of the calls inlined into them
    /// journaled. Statements without such stores are generated as they are.
    pub(super) fn journaled<T>(
        &mut self,
        exprs: &[&Expr],
        f: impl FnOnce(&mut Self) -> Result<T>,
    ) -> Result<T> {
        let count = inlined_stores(exprs);
        if count == 0 || self.inlining > 0 || self.journal.is_some() {
            return f(self);
        }
        let exit = self.exit_block();
        let undo = self.b.create_block();
        self.b.set_cold_block(undo);
        let cleared = self.b.ins().iconst(types::I8, 0);
        let flags = (0..count)
            .map(|_| {
                let flag = self.b.declare_var(types::I8);
                self.b.def_var(flag, cleared);
                flag
            })
            .collect();
        self.journal = Some(Journal {
            undo,
            exit,
            flags,
            sites: Vec::new(),
        });
        let result = f(self);
        let journal = self.journal.take().expect("set above");
        let result = result?;
        // The statement goes on in a block of its own; the undo block is filled now
        // that every check that branches to it has been generated.
        let next = self.b.create_block();
        self.b.ins().jump(next, &[]);
        self.b.switch_to_block(journal.undo);
        for site in journal.sites.iter().rev() {
            let flag = self.b.use_var(site.flag);
            let restore = self.b.create_block();
            let after = self.b.create_block();
            self.b.ins().brif(flag, restore, &[], after, &[]);
            self.b.switch_to_block(restore);
            let address = self.b.use_var(site.address);
            let old = self.b.use_var(site.old);
            self.b.ins().store(MemFlagsData::trusted(), old, address, 0);
            self.b.ins().jump(after, &[]);
            self.b.switch_to_block(after);
        }
        self.b.ins().jump(journal.exit, &[]);
        self.b.switch_to_block(next);
        Ok(result)
    }

    /// Where a failed check of the statement being generated goes, when it is
    /// journaled.
    pub(super) fn journal_exit(&self) -> Option<Block> {
        self.journal.as_ref().map(|j| j.undo)
    }

    /// Records the element at `address` before a store of an inlined body writes it.
    pub(super) fn journal_store(&mut self, address: Value, dtype: Dtype) -> Result<()> {
        let ty = memory_type(dtype);
        let pointer = self.pointer;
        let Some(journal) = self.journal.as_mut() else {
            return Err("a store in an inlined body outside a journaled statement".into());
        };
        let Some(&flag) = journal.flags.get(journal.sites.len()) else {
            return Err("more inlined stores than the statement was counted to make".into());
        };
        let old = self.b.ins().load(ty, MemFlagsData::trusted(), address, 0);
        let address_var = self.b.declare_var(pointer);
        self.b.def_var(address_var, address);
        let old_var = self.b.declare_var(ty);
        self.b.def_var(old_var, old);
        let set = self.b.ins().iconst(types::I8, 1);
        self.b.def_var(flag, set);
        let journal = self.journal.as_mut().expect("checked above");
        journal.sites.push(Site {
            flag,
            address: address_var,
            old: old_var,
        });
        Ok(())
    }
}
