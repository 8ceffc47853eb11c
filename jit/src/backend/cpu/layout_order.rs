//! The instructions of a function in layout order, for the passes over Cranelift IR
//! before Cranelift (`identities`, `same_checks`, `float_consts`, `const_branches`,
//! `ranges`).
//!
//! Each of those passes walks the function once, each operand defined before its use
//! (block parameters aside), and changes the instruction it stands on in place:
//! replaced, made an alias and removed, or given a constant inserted before it. The
//! list is taken before the walk, so what a pass inserts is not visited and what it
//! removes was already visited, as a walk that reads the next instruction before
//! changing the current one would have it.

use cranelift_codegen::ir::{Function, Inst};

/// Every instruction of `func`, block by block in layout order.
pub(super) fn insts(func: &Function) -> Vec<Inst> {
    func.layout
        .blocks()
        .flat_map(|block| func.layout.block_insts(block))
        .collect()
}
