//! Arithmetic checked for overflow, computed again where it was already computed,
//! made one instruction before Cranelift sees it.
//!
//! Code generation checks each subscript's and each bound's arithmetic where it is
//! written, so `i - 1` of `u[i - 1, j]` and of `f[i - 1, j]`, and the `k + 1` of
//! every access in a row, are each an `ssub_overflow` or `sadd_overflow` of their own
//! (a nest's proof block held the same `n - 1` five times). Cranelift's e-graph merges
//! equal pure instructions of one result, but leaves those of two results (the value
//! and its overflow flag) as they are: each copy is compiled, and its flag kept alive
//! to the branch it feeds.
//!
//! The algorithm: one walk in layout order, with the checked instructions met so far
//! by opcode and operands (aliases resolved, so a copy of a copy is found; a constant
//! by its value, as each use of one is an `iconst` of its own here). An
//! instruction equal to one met before that dominates it is removed, its value and
//! flag made aliases of that one's. Operands commute for the additions and
//! multiplications.
//!
//! Invariant: both instructions compute the same pure function of the same values, so
//! the earlier one's results are what the later one's would be, and they reach every
//! use of the later one's (the earlier dominates it); SSA form holds. Only int
//! `sadd_overflow`, `ssub_overflow` and `smul_overflow` change.

use crate::collections::HashMap;
use cranelift_codegen::dominator_tree::DominatorTree;
use cranelift_codegen::flowgraph::ControlFlowGraph;
use cranelift_codegen::ir::{Function, Inst, InstructionData, Opcode, Value};

/// An operand as the walk compares them: a value, or a constant by its width and bits
/// (an `iconst` is of an integer type).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Operand {
    Value(Value),
    Const(u32, i64),
}

fn operand(func: &Function, v: Value) -> Operand {
    let v = func.dfg.resolve_aliases(v);
    match super::int_constant(&func.dfg, v) {
        Some(bits) => Operand::Const(func.dfg.value_type(v).bits(), bits),
        None => Operand::Value(v),
    }
}

/// Makes each checked instruction that repeats one dominating it an alias of that one
/// (see the module doc); how many were removed.
pub(super) fn merge(func: &mut Function) -> usize {
    let cfg = ControlFlowGraph::with_function(func);
    let domtree = DominatorTree::with_function(func, &cfg);
    let mut seen: HashMap<(Opcode, Operand, Operand), Vec<Inst>> = HashMap::default();
    let mut merged = 0;
    for inst in super::layout_order::insts(func) {
        let InstructionData::Binary { opcode, args } = func.dfg.insts[inst] else {
            continue;
        };
        if !matches!(
            opcode,
            Opcode::SaddOverflow | Opcode::SsubOverflow | Opcode::SmulOverflow
        ) {
            continue;
        }
        let [a, b] = args.map(|v| operand(func, v));
        let key = match opcode {
            Opcode::SsubOverflow => (opcode, a, b),
            _ => (opcode, a.min(b), a.max(b)),
        };
        let earlier = seen.entry(key).or_default();
        let Some(&first) = earlier
            .iter()
            .find(|e| domtree.dominates(**e, inst, &func.layout))
        else {
            earlier.push(inst);
            continue;
        };
        let results = func.dfg.inst_results(inst).to_vec();
        let kept = func.dfg.inst_results(first).to_vec();
        func.dfg.clear_results(inst);
        for (result, keep) in results.into_iter().zip(kept) {
            func.dfg.change_to_alias(result, keep);
        }
        func.layout.remove_inst(inst);
        merged += 1;
    }
    merged
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::cpu::clif_tests::{verify, with_blocks};
    use cranelift_codegen::ir::{InstBuilder, condcodes::IntCC, types};

    fn count(func: &Function, opcode: Opcode) -> usize {
        super::super::layout_order::insts(func)
            .into_iter()
            .filter(|i| func.dfg.insts[*i].opcode() == opcode)
            .count()
    }

    /// `(n - 1) + (1 + n)` twice: in the entry block and again in a block it
    /// dominates, and, in a block it does not dominate, a third time.
    fn checked_twice() -> Function {
        with_blocks(&[types::I64], &[types::I64], |b, entry| {
            let (then, other, join) = (b.create_block(), b.create_block(), b.create_block());
            b.append_block_param(join, types::I64);
            let n = b.block_params(entry)[0];
            let one = b.ins().iconst(types::I64, 1);
            let (dec, _) = b.ins().ssub_overflow(n, one);
            let (inc, _) = b.ins().sadd_overflow(one, n);
            let positive = b.ins().icmp_imm_s(IntCC::SignedGreaterThan, n, 0);
            b.ins().brif(positive, then, &[], other, &[]);

            b.switch_to_block(then);
            // A constant of its own, as code generation makes them.
            let one_again = b.ins().iconst(types::I64, 1);
            let (dec2, _) = b.ins().ssub_overflow(n, one_again);
            let (inc2, flag) = b.ins().sadd_overflow(n, one);
            let sum = b.ins().iadd(dec2, inc2);
            let flag = b.ins().uextend(types::I64, flag);
            let sum = b.ins().iadd(sum, flag);
            b.ins().jump(join, &[sum.into()]);

            b.switch_to_block(other);
            // `one - n` is no repeat of `n - 1`: subtraction does not commute.
            let (neg, _) = b.ins().ssub_overflow(one, n);
            let sum = b.ins().iadd(dec, neg);
            b.ins().jump(join, &[sum.into()]);

            b.switch_to_block(join);
            let v = b.block_params(join)[0];
            let v = b.ins().iadd(v, inc);
            b.ins().return_(&[v]);
        })
    }

    #[test]
    fn repeats_dominated_by_the_first_are_merged() {
        let mut func = checked_twice();
        verify(&func);
        assert_eq!(count(&func, Opcode::SsubOverflow), 3);
        assert_eq!(count(&func, Opcode::SaddOverflow), 2);
        assert_eq!(merge(&mut func), 2);
        verify(&func);
        assert_eq!(count(&func, Opcode::SsubOverflow), 2);
        assert_eq!(count(&func, Opcode::SaddOverflow), 1);
    }

    /// A repeat in a block its twin does not dominate stays.
    #[test]
    fn twins_on_separate_paths_stay() {
        let mut func = with_blocks(&[types::I64], &[types::I64], |b, entry| {
            let (left, right) = (b.create_block(), b.create_block());
            let n = b.block_params(entry)[0];
            let two = b.ins().iconst(types::I64, 2);
            b.ins().brif(n, left, &[], right, &[]);
            for block in [left, right] {
                b.switch_to_block(block);
                let (v, _) = b.ins().smul_overflow(n, two);
                b.ins().return_(&[v]);
            }
        });
        verify(&func);
        assert_eq!(merge(&mut func), 0);
        assert_eq!(count(&func, Opcode::SmulOverflow), 2);
    }
}
