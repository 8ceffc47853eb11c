//! Values nothing uses, removed before Cranelift sees them: frame loads, overflow
//! checks, and the block parameters that only carry them around loops.
//!
//! Code generation reads every array's descriptor again before each loop (`arrays`:
//! data pointer, shape, strides), although a loop whose subscripts a nest proof
//! covered uses only a pointer and a stride or two; and builds checked arithmetic
//! (`sadd_overflow`) whose flag a later fold made constant. Cranelift removes neither:
//! its e-graph drops only pure instructions of one result, and a load from the frame
//! is not pure to it (the frame is written). In pairwise distances' `j` loop, eleven
//! loads of descriptors ran on every iteration, three of them used.
//!
//! The algorithm, mark and sweep over the whole function (aggressive dead-code
//! elimination): an instruction with an effect (a store, a call, a branch's operands, a
//! trap, a load that may trap) is live, and so is every value a live instruction
//! reads; an instruction with no effect is live once one of its values is; a live
//! block parameter makes live the argument every edge into its block passes for it. Then every instruction with no effect and no live result goes, and
//! every block parameter (but the entry block's) that is not live goes, with its
//! argument on every edge into the block.
//!
//! Invariant: only instructions that cannot trap, store, call or branch are removed
//! (loads only where their flags say `notrap`: the frame and proven elements), so what
//! the function does is unchanged; a removed block parameter was read by nothing live,
//! so nothing live reads a value that is gone.

use super::phis::incoming_edges;
use cranelift_codegen::entity::EntitySet;
use cranelift_codegen::ir::{
    Block, BlockArg, BlockCall, Function, Inst, InstructionData, Opcode, Value, ValueDef,
};

/// Removes `func`'s dead instructions and block parameters (see the module doc); how
/// many of both.
pub(super) fn remove(func: &mut Function) -> usize {
    let Some(entry) = func.layout.entry_block() else {
        return 0;
    };
    let edges = incoming_edges(func);
    let mut live_inst: EntitySet<Inst> = EntitySet::new();
    let mut live: EntitySet<Value> = EntitySet::new();
    let mut work: Vec<Value> = Vec::new();
    let mark = |v: Value, live: &mut EntitySet<Value>, work: &mut Vec<Value>| {
        if live.insert(v) {
            work.push(v);
        }
    };
    for block in func.layout.blocks() {
        for inst in func.layout.block_insts(block) {
            if has_effect(func, inst) {
                live_inst.insert(inst);
                for &a in func.dfg.inst_args(inst) {
                    mark(func.dfg.resolve_aliases(a), &mut live, &mut work);
                }
            }
        }
    }
    while let Some(v) = work.pop() {
        match func.dfg.value_def(v) {
            ValueDef::Result(inst, _) => {
                if live_inst.insert(inst) {
                    for &a in func.dfg.inst_args(inst) {
                        mark(func.dfg.resolve_aliases(a), &mut live, &mut work);
                    }
                }
            }
            ValueDef::Param(block, k) => {
                for &(inst, ix) in &edges[block] {
                    if let Some(a) = edge_arg(func, inst, ix, k) {
                        mark(func.dfg.resolve_aliases(a), &mut live, &mut work);
                    }
                }
            }
            ValueDef::Union(..) => {}
        }
    }

    let mut removed = 0;
    let blocks: Vec<Block> = func.layout.blocks().collect();
    for &block in &blocks {
        let mut next = func.layout.first_inst(block);
        while let Some(inst) = next {
            next = func.layout.next_inst(inst);
            if !live_inst.contains(inst) && !has_effect(func, inst) {
                func.layout.remove_inst(inst);
                removed += 1;
            }
        }
    }
    for &block in &blocks {
        if block == entry {
            continue;
        }
        let params = func.dfg.block_params(block).to_vec();
        let dead: Vec<usize> = (0..params.len())
            .filter(|&k| !live.contains(params[k]))
            .collect();
        if dead.is_empty() {
            continue;
        }
        for &(inst, ix) in &edges[block] {
            let dfg = &mut func.dfg;
            let dests = dfg.insts[inst]
                .branch_destination_mut(&mut dfg.jump_tables, &mut dfg.exception_tables);
            let call = &mut dests[ix];
            let kept: Vec<BlockArg> = call
                .args(&dfg.value_lists)
                .enumerate()
                .filter(|(k, _)| !dead.contains(k))
                .map(|(_, a)| a)
                .collect();
            *call = BlockCall::new(block, kept, &mut dfg.value_lists);
        }
        for &k in dead.iter().rev() {
            func.dfg.remove_block_param(params[k]);
        }
        removed += dead.len();
    }
    removed
}

/// Whether `inst` must stay whether or not its values are read: it branches, calls,
/// stores, may trap, or has another effect.
fn has_effect(func: &Function, inst: Inst) -> bool {
    let data = &func.dfg.insts[inst];
    let op = data.opcode();
    if op.can_load() {
        return match *data {
            InstructionData::Load {
                opcode: Opcode::Load,
                flags,
                ..
            } => !func.dfg.mem_flags[flags].notrap(),
            _ => true,
        };
    }
    op.is_call()
        || op.is_branch()
        || op.is_terminator()
        || op.is_return()
        || op.can_trap()
        || op.other_side_effects()
        || op.can_store()
}

/// The value the edge `(inst, ix)` passes as its block's parameter `k`, if a value.
fn edge_arg(func: &Function, inst: Inst, ix: usize, k: usize) -> Option<Value> {
    let dests =
        func.dfg.insts[inst].branch_destination(&func.dfg.jump_tables, &func.dfg.exception_tables);
    match dests[ix].args(&func.dfg.value_lists).nth(k)? {
        BlockArg::Value(v) => Some(v),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::remove;
    use crate::backend::cpu::clif_tests::with_blocks;
    use cranelift_codegen::ir::{Function, InstBuilder, MemFlagsData, types};

    /// A loop over a frame pointer `p`: each iteration loads two slots and adds one of
    /// them to a counter it returns; the other load, and a block parameter that carries
    /// a sum of it around the loop, are read by nothing else. With `trapping`, the loads
    /// may trap.
    fn a_loop(trapping: bool) -> Function {
        with_blocks(&[types::I64], &[types::I64], |b, entry| {
            let (header, exit) = (b.create_block(), b.create_block());
            let mem = if trapping {
                MemFlagsData::new()
            } else {
                MemFlagsData::trusted()
            };
            let p = b.block_params(entry)[0];
            let zero = b.ins().iconst(types::I64, 0);
            b.ins().jump(header, &[zero.into(), zero.into()]);
            b.append_block_param(header, types::I64);
            b.append_block_param(header, types::I64);
            b.switch_to_block(header);
            let (count, unused) = (b.block_params(header)[0], b.block_params(header)[1]);
            let used = b.ins().load(types::I64, mem, p, 0);
            let dead = b.ins().load(types::I64, mem, p, 8);
            let next = b.ins().iadd(count, used);
            let carried = b.ins().iadd(unused, dead);
            let more = b.ins().icmp_imm_s(
                cranelift_codegen::ir::condcodes::IntCC::SignedLessThan,
                next,
                100,
            );
            b.ins()
                .brif(more, header, &[next.into(), carried.into()], exit, &[]);
            b.switch_to_block(exit);
            b.ins().return_(&[next]);
        })
    }

    #[test]
    fn a_dead_load_and_the_parameter_that_carries_it_go() {
        let mut func = a_loop(false);
        // The load, the add and the parameter.
        assert_eq!(remove(&mut func), 3);
        let text = func.display().to_string();
        assert_eq!(text.matches("load").count(), 1, "{text}");
        assert_eq!(text.matches("iadd").count(), 1, "{text}");
        let header = func.layout.blocks().nth(1).expect("the loop's header");
        assert_eq!(func.dfg.num_block_params(header), 1, "{text}");
        crate::backend::cpu::clif_tests::verify(&func);
    }

    #[test]
    fn a_load_that_may_trap_stays() {
        let mut func = a_loop(true);
        // Only the add and the parameter carrying it: the load may trap.
        assert_eq!(remove(&mut func), 2);
        let text = func.display().to_string();
        assert_eq!(text.matches("load").count(), 2, "{text}");
    }
}
