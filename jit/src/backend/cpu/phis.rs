//! Block parameters that only pass one value on, removed before Cranelift sees them.
//!
//! Code generation seals every block at the end (`seal_all_blocks`), so
//! cranelift-frontend's SSA construction gives each loop header a parameter for
//! every variable read inside it, and drops a parameter only where all its incoming
//! values were already one value when its block was sealed. A parameter fed by another
//! parameter that is dropped later survives; and Cranelift's own constant-phi pass
//! keeps a parameter whose one incoming value is an outer loop's parameter. In a nest
//! that leaves every innermost loop carrying the state of the loops around it (their
//! counters, stops and flags, read only where a statement hands back) from iteration
//! to iteration: with more of them than registers, regalloc2 stores them to the stack
//! on every back-edge.
//!
//! The algorithm (Braun et al.'s trivial-phi removal, to a fixed point): a parameter
//! whose incoming values, aliases resolved, are itself and exactly one other value is
//! that value; it is removed from its block and from every branch into it, and made an
//! alias of that value. Removing one may make another trivial, so the pass repeats
//! until none is.
//!
//! Invariant: a parameter is replaced only by a value that reaches its block along
//! every edge, so it dominates the block (SSA form is kept); a value defined by a
//! parameter of the same block is never the replacement (two parameters of one block
//! that only pass each other on would become aliases of each other).

use cranelift_codegen::entity::SecondaryMap;
use cranelift_codegen::ir::{Block, BlockArg, BlockCall, Function, Inst, Value, ValueDef};

/// Removes the trivial block parameters of `func` (see the module doc); how many.
pub(super) fn remove_trivial_params(func: &mut Function) -> usize {
    let Some(entry) = func.layout.entry_block() else {
        return 0;
    };
    remove_unreachable(func, entry);
    let mut removed = 0;
    loop {
        let incoming = incoming_edges(func);
        let blocks: Vec<Block> = func.layout.blocks().collect();
        let mut changed = false;
        for block in blocks {
            if block == entry || func.dfg.num_block_params(block) == 0 {
                continue;
            }
            let params = func.dfg.block_params(block).to_vec();
            let passed = passed_args(func, &incoming[block]);
            let trivial: Vec<(usize, Value)> = params
                .iter()
                .enumerate()
                .filter_map(|(k, p)| {
                    let v = only_value(func, &passed, k, *p)?;
                    let own = matches!(func.dfg.value_def(v), ValueDef::Param(b, _) if b == block);
                    (!own).then_some((k, v))
                })
                .collect();
            if trivial.is_empty() {
                continue;
            }
            for (inst, ix) in &incoming[block] {
                let dfg = &mut func.dfg;
                let dests = dfg.insts[*inst]
                    .branch_destination_mut(&mut dfg.jump_tables, &mut dfg.exception_tables);
                let call = &mut dests[*ix];
                let kept: Vec<BlockArg> = call
                    .args(&dfg.value_lists)
                    .enumerate()
                    .filter(|(k, _)| !trivial.iter().any(|(t, _)| t == k))
                    .map(|(_, a)| a)
                    .collect();
                *call = BlockCall::new(block, kept, &mut dfg.value_lists);
            }
            for (k, v) in trivial.iter().rev() {
                func.dfg.remove_block_param(params[*k]);
                func.dfg.change_to_alias(params[*k], *v);
            }
            removed += trivial.len();
            changed = true;
        }
        if !changed {
            return removed;
        }
    }
}

/// Removes the blocks no path from `entry` reaches. Code generation leaves some (the
/// join after an inlined call's body that only returns early); an edge from one would
/// keep a parameter of the block it enters from being trivial, and the values it
/// carries from any range (`ranges`). Nothing reachable uses a value they define, and
/// every edge out of them goes with them.
fn remove_unreachable(func: &mut Function, entry: Block) {
    let mut reached: cranelift_codegen::entity::EntitySet<Block> =
        cranelift_codegen::entity::EntitySet::new();
    let mut work = vec![entry];
    reached.insert(entry);
    while let Some(block) = work.pop() {
        for inst in func.layout.block_insts(block) {
            let dests = func.dfg.insts[inst]
                .branch_destination(&func.dfg.jump_tables, &func.dfg.exception_tables);
            for dest in dests {
                let b = dest.block(&func.dfg.value_lists);
                if reached.insert(b) {
                    work.push(b);
                }
            }
        }
    }
    let blocks: Vec<Block> = func.layout.blocks().collect();
    for block in blocks {
        if reached.contains(block) {
            continue;
        }
        while let Some(inst) = func.layout.first_inst(block) {
            func.layout.remove_inst(inst);
        }
        func.layout.remove_block(block);
    }
}

/// Each block's incoming edges: the branch and the index of the destination in it.
pub(super) fn incoming_edges(func: &Function) -> SecondaryMap<Block, Vec<(Inst, usize)>> {
    let mut incoming: SecondaryMap<Block, Vec<(Inst, usize)>> = SecondaryMap::new();
    for block in func.layout.blocks() {
        for inst in func.layout.block_insts(block) {
            let dests = func.dfg.insts[inst]
                .branch_destination(&func.dfg.jump_tables, &func.dfg.exception_tables);
            for (ix, dest) in dests.iter().enumerate() {
                incoming[dest.block(&func.dfg.value_lists)].push((inst, ix));
            }
        }
    }
    incoming
}

/// The arguments each of `edges` passes (`None` for one that is not a plain value),
/// read once per block: reading them per parameter took time quadratic in a loop
/// header's parameters, of which a nest's innermost loop may have a hundred.
fn passed_args(func: &Function, edges: &[(Inst, usize)]) -> Vec<Vec<Option<Value>>> {
    edges
        .iter()
        .map(|(inst, ix)| {
            let dests = func.dfg.insts[*inst]
                .branch_destination(&func.dfg.jump_tables, &func.dfg.exception_tables);
            dests[*ix]
                .args(&func.dfg.value_lists)
                .map(|a| match a {
                    BlockArg::Value(v) => Some(v),
                    _ => None,
                })
                .collect()
        })
        .collect()
}

/// The one value other than `param` itself that the edges pass as parameter `k`.
fn only_value(
    func: &Function,
    passed: &[Vec<Option<Value>>],
    k: usize,
    param: Value,
) -> Option<Value> {
    let mut only = None;
    for args in passed {
        let v = func.dfg.resolve_aliases((*args.get(k)?)?);
        if v == param {
            continue;
        }
        match only {
            None => only = Some(v),
            Some(o) if o == v => {}
            Some(_) => return None,
        }
    }
    only
}
