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
//! until none is. Then parameters that only pass each other on around loops (a flag a
//! loop header and the join of an `if` in it hand each other, `x = e if c else x`)
//! and one value from outside them: every member is that value (Braun et al.'s
//! redundant cycles, `redundant_cycles`), and the pass starts again.
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
    // Removing parameters changes what edges pass, never which edges there are: the
    // edges and blocks are found once, not once per round (a round per level of a
    // nest's loops, each walking every instruction).
    let incoming = incoming_edges(func);
    let blocks: Vec<Block> = func.layout.blocks().collect();
    let mut removed = 0;
    loop {
        let mut changed = false;
        for &block in &blocks {
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
            remove_params(func, &incoming[block], block, &trivial);
            removed += trivial.len();
            changed = true;
        }
        if changed {
            continue;
        }
        // No parameter is trivial alone: parameters that only pass each other on, and
        // one value from outside them, are that value together.
        let cycles = redundant_cycles(func, &incoming);
        if cycles.is_empty() {
            return removed;
        }
        let mut by_block: SecondaryMap<Block, Vec<(usize, Value)>> = SecondaryMap::new();
        for (block, k, v) in cycles {
            by_block[block].push((k, v));
        }
        for &block in &blocks {
            let mut trivial = std::mem::take(&mut by_block[block]);
            if trivial.is_empty() {
                continue;
            }
            trivial.sort_by_key(|(k, _)| *k);
            removed += trivial.len();
            remove_params(func, &incoming[block], block, &trivial);
        }
    }
}

/// Removes the parameters `trivial` (by index, rising, each with the value it is) of
/// `block` and their arguments on its `incoming` edges.
fn remove_params(
    func: &mut Function,
    incoming: &[(Inst, usize)],
    block: Block,
    trivial: &[(usize, Value)],
) {
    let params = func.dfg.block_params(block).to_vec();
    for (inst, ix) in incoming {
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
}

/// Parameters that form cycles passing one outside value around (Braun et al.'s
/// redundant phi SCCs): the strongly connected components of the graph whose edges
/// go from a parameter to the parameters passed to it, each of whose members is passed
/// only members and one value from outside it, which no parameter of a block with a
/// member defines (such a value changes on the edges the members are passed on). That
/// value reaches every member's block along every path (a path first enters the cycle
/// on an edge passing it), so it dominates them. Each member, as (block, index, value).
fn redundant_cycles(
    func: &Function,
    incoming: &SecondaryMap<Block, Vec<(Inst, usize)>>,
) -> Vec<(Block, usize, Value)> {
    let entry = func.layout.entry_block();
    // Every parameter (outside the entry block) and what its edges pass it (`None`:
    // something that is not a plain value).
    let mut params: Vec<(Block, usize, Value)> = Vec::new();
    let mut index: std::collections::HashMap<Value, usize> = Default::default();
    let mut passed: Vec<Vec<Option<Value>>> = Vec::new();
    for block in func.layout.blocks() {
        if Some(block) == entry || func.dfg.num_block_params(block) == 0 {
            continue;
        }
        let args = passed_args(func, &incoming[block]);
        for (k, p) in func.dfg.block_params(block).iter().enumerate() {
            index.insert(*p, params.len());
            params.push((block, k, *p));
            passed.push(
                args.iter()
                    .map(|a| {
                        a.get(k)
                            .copied()
                            .flatten()
                            .map(|v| func.dfg.resolve_aliases(v))
                    })
                    .collect(),
            );
        }
    }
    let successors: Vec<Vec<usize>> = passed
        .iter()
        .map(|vs| {
            vs.iter()
                .flatten()
                .filter_map(|v| index.get(v).copied())
                .collect()
        })
        .collect();
    let mut out = Vec::new();
    for component in components(&successors) {
        if component.len() < 2 {
            continue;
        }
        let members: std::collections::HashSet<usize> = component.iter().copied().collect();
        let mut outside = None;
        let mut redundant = true;
        for &m in &component {
            for v in &passed[m] {
                match v {
                    None => redundant = false,
                    Some(v) => match index.get(v) {
                        Some(i) if members.contains(i) => {}
                        _ => match outside {
                            None => outside = Some(*v),
                            Some(o) if o == *v => {}
                            Some(_) => redundant = false,
                        },
                    },
                }
            }
        }
        let Some(value) = outside.filter(|_| redundant) else {
            continue;
        };
        let blocks: std::collections::HashSet<Block> =
            component.iter().map(|m| params[*m].0).collect();
        if matches!(func.dfg.value_def(value), ValueDef::Param(b, _) if blocks.contains(&b)) {
            continue;
        }
        out.extend(
            component
                .iter()
                .map(|m| (params[*m].0, params[*m].1, value)),
        );
    }
    out
}

/// The strongly connected components of a graph given by each node's successors
/// (Tarjan's algorithm, iterative).
fn components(successors: &[Vec<usize>]) -> Vec<Vec<usize>> {
    const UNSEEN: usize = usize::MAX;
    let n = successors.len();
    let (mut order, mut low) = (vec![UNSEEN; n], vec![0; n]);
    let mut on_stack = vec![false; n];
    let (mut stack, mut out, mut next) = (Vec::new(), Vec::new(), 0);
    for root in 0..n {
        if order[root] != UNSEEN {
            continue;
        }
        // (node, how many of its successors were looked at)
        let mut walk = vec![(root, 0usize)];
        order[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (node, ref mut seen)) = walk.last_mut() {
            if let Some(&succ) = successors[node].get(*seen) {
                *seen += 1;
                if order[succ] == UNSEEN {
                    order[succ] = next;
                    low[succ] = next;
                    next += 1;
                    stack.push(succ);
                    on_stack[succ] = true;
                    walk.push((succ, 0));
                } else if on_stack[succ] {
                    low[node] = low[node].min(order[succ]);
                }
                continue;
            }
            walk.pop();
            if let Some(&(parent, _)) = walk.last() {
                low[parent] = low[parent].min(low[node]);
            }
            if low[node] == order[node] {
                let mut component = Vec::new();
                while let Some(m) = stack.pop() {
                    on_stack[m] = false;
                    component.push(m);
                    if m == node {
                        break;
                    }
                }
                out.push(component);
            }
        }
    }
    out
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
