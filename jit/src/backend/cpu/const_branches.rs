//! Branches and selects on a condition known before Cranelift sees them, made plain.
//!
//! Code generation tests a flag wherever the interpreter would: a variable's bound flag
//! before each read (`x * x` after `state, x = lcg(state)` in the same iteration), a
//! float flag before a statement's one side effect. Where the flag is a constant on
//! every path (the `iconst.i8 1` an assignment sets, `Gen::flag_set`), the trivial
//! block parameters that carried it are gone by now (`phis`), but the test is still
//! there: Cranelift's e-graph folds the comparison to a constant and leaves the `brif`
//! on it, which lowers to a `test` of a register holding 1 and a branch, on every
//! iteration (four of them in the Monte Carlo kernel's loop).
//!
//! The algorithm: one pass in layout order (each operand is defined before its use,
//! but block parameters, which are not constants here), with the integer constants
//! known so far: an `iconst`, or a comparison (`icmp`), `band`, `bor`, `bxor` or `bnot` of
//! constants this pass folded into one. A `brif` on a constant becomes a `jump` to the
//! target it takes; a `select` on one, the operand it picks. A `band` or `bor` of a
//! constant and a condition (a comparison, an overflow flag, or a `band`, `bor` or
//! `bxor` of conditions: 0 or 1) becomes the condition or the constant: a nest's
//! proof is a chain of `band`s, and each term `ranges` proved left a `band all, 1`
//! that Cranelift cannot drop (it does not know `all` is 0 or 1) and compiles, a
//! sixth of some functions' instructions.
//!
//! Invariant: a folded instruction's new value is what it computed at run time, so the
//! function does what it did; a `jump` keeps the taken edge's arguments, and a target
//! no longer branched to is left to Cranelift's removal of unreachable blocks.

use crate::collections::{HashMap, HashSet};
use cranelift_codegen::ir::{
    Function, Inst, InstBuilder, InstructionData, Opcode, Type, Value, condcodes::IntCC, types,
};

/// Folds `func`'s branches and selects on constants (see the module doc); how many
/// instructions changed.
pub(super) fn fold(func: &mut Function) -> usize {
    let mut known: HashMap<Value, u64> = HashMap::default();
    // Values that are 0 or 1: comparisons, overflow flags, and `band`, `bor`, `bxor`
    // of such values.
    let mut conditions: HashSet<Value> = HashSet::default();
    let mut folded = 0;
    for inst in super::layout_order::insts(func) {
        match func.dfg.insts[inst].opcode() {
            Opcode::Icmp | Opcode::Fcmp => {
                conditions.insert(func.dfg.first_result(inst));
            }
            Opcode::SaddOverflow
            | Opcode::SsubOverflow
            | Opcode::SmulOverflow
            | Opcode::UaddOverflow
            | Opcode::UsubOverflow
            | Opcode::UmulOverflow => {
                conditions.insert(func.dfg.inst_results(inst)[1]);
            }
            _ => {}
        }
        let constant = |v: Value, known: &HashMap<Value, u64>| {
            known.get(&func.dfg.resolve_aliases(v)).copied()
        };
        let done = match func.dfg.insts[inst] {
            InstructionData::UnaryImm {
                opcode: Opcode::Iconst,
                imm,
            } => {
                let result = func.dfg.first_result(inst);
                let ty = func.dfg.value_type(result);
                known.insert(result, masked(imm.bits() as u64, ty));
                false
            }
            InstructionData::IntCompare {
                opcode: Opcode::Icmp,
                cond,
                args: [a, b],
            } => {
                let ty = func.dfg.value_type(a);
                match (constant(a, &known), constant(b, &known)) {
                    (Some(x), Some(y)) if !ty.is_vector() => set(
                        func,
                        inst,
                        types::I8,
                        compare(cond, x, y, ty) as u64,
                        &mut known,
                    ),
                    _ => false,
                }
            }
            InstructionData::Binary {
                opcode: op @ (Opcode::Band | Opcode::Bor | Opcode::Bxor),
                args: [a, b],
            } => {
                let result = func.dfg.first_result(inst);
                let ty = func.dfg.value_type(result);
                let (ca, cb) = (constant(a, &known), constant(b, &known));
                let done = match (ca, cb) {
                    (Some(x), Some(y)) if ty.is_int() && !ty.is_vector() => {
                        let r = match op {
                            Opcode::Band => x & y,
                            Opcode::Bor => x | y,
                            _ => x ^ y,
                        };
                        set(func, inst, ty, r, &mut known)
                    }
                    // One side a constant, the other a condition (0 or 1).
                    (Some(c), None) | (None, Some(c)) if ty == types::I8 => {
                        let other = func.dfg.resolve_aliases(if ca.is_some() { b } else { a });
                        match (op, c) {
                            (Opcode::Band, 0) => set(func, inst, ty, 0, &mut known),
                            (Opcode::Bor, 1) if conditions.contains(&other) => {
                                set(func, inst, ty, 1, &mut known)
                            }
                            (Opcode::Band, 1) if conditions.contains(&other) => {
                                alias(func, inst, other)
                            }
                            (Opcode::Bor | Opcode::Bxor, 0) => alias(func, inst, other),
                            _ => false,
                        }
                    }
                    _ => false,
                };
                // Still an instruction: a condition where both operands are.
                if !done
                    && ty == types::I8
                    && [a, b].iter().all(|v| {
                        let v = func.dfg.resolve_aliases(*v);
                        conditions.contains(&v) || known.get(&v).is_some_and(|c| *c <= 1)
                    })
                {
                    conditions.insert(result);
                }
                done
            }
            InstructionData::Unary {
                opcode: Opcode::Bnot,
                arg,
            } => {
                let ty = func.dfg.value_type(arg);
                match constant(arg, &known) {
                    Some(x) if ty.is_int() && !ty.is_vector() => {
                        set(func, inst, ty, masked(!x, ty), &mut known)
                    }
                    _ => false,
                }
            }
            InstructionData::Brif {
                opcode: Opcode::Brif,
                arg,
                blocks: [taken, not_taken],
            } => match constant(arg, &known) {
                Some(c) => {
                    let destination = if c != 0 { taken } else { not_taken };
                    func.dfg.insts[inst] = InstructionData::Jump {
                        opcode: Opcode::Jump,
                        destination,
                    };
                    true
                }
                None => false,
            },
            InstructionData::Ternary {
                opcode: Opcode::Select,
                args: [c, a, b],
            } => match constant(c, &known) {
                Some(c) => {
                    let result = func.dfg.first_result(inst);
                    let picked = func.dfg.resolve_aliases(if c != 0 { a } else { b });
                    func.dfg.clear_results(inst);
                    func.dfg.change_to_alias(result, picked);
                    func.layout.remove_inst(inst);
                    if let Some(v) = known.get(&picked).copied() {
                        known.insert(result, v);
                    }
                    true
                }
                None => false,
            },
            _ => false,
        };
        folded += usize::from(done);
    }
    folded
}

/// Makes `inst`'s result an alias of `value` and removes it; true.
fn alias(func: &mut Function, inst: Inst, value: Value) -> bool {
    let result = func.dfg.first_result(inst);
    func.dfg.clear_results(inst);
    func.dfg.change_to_alias(result, value);
    func.layout.remove_inst(inst);
    true
}

/// Makes `inst` the constant `value` of type `ty`; true.
fn set(
    func: &mut Function,
    inst: Inst,
    ty: Type,
    value: u64,
    known: &mut HashMap<Value, u64>,
) -> bool {
    let value = masked(value, ty);
    // Cranelift's verifier wants a narrow constant's immediate zero extended.
    func.replace(inst).iconst(ty, value as i64);
    known.insert(func.dfg.first_result(inst), value);
    true
}

/// `x`'s low bits of the integer type `ty`.
fn masked(x: u64, ty: Type) -> u64 {
    match ty.bits() {
        b if b >= 64 => x,
        b => x & ((1u64 << b) - 1),
    }
}

/// `x cond y` over values of the integer type `ty` (given as their low bits).
fn compare(cond: IntCC, x: u64, y: u64, ty: Type) -> bool {
    let shift = 64 - ty.bits().min(64);
    let (sx, sy) = (
        ((x << shift) as i64) >> shift,
        ((y << shift) as i64) >> shift,
    );
    match cond {
        IntCC::Equal => x == y,
        IntCC::NotEqual => x != y,
        IntCC::SignedLessThan => sx < sy,
        IntCC::SignedLessThanOrEqual => sx <= sy,
        IntCC::SignedGreaterThan => sx > sy,
        IntCC::SignedGreaterThanOrEqual => sx >= sy,
        IntCC::UnsignedLessThan => x < y,
        IntCC::UnsignedLessThanOrEqual => x <= y,
        IntCC::UnsignedGreaterThan => x > y,
        IntCC::UnsignedGreaterThanOrEqual => x >= y,
    }
}

#[cfg(test)]
mod tests {
    use super::fold;
    use crate::backend::cpu::clif_tests::with_blocks;
    use cranelift_codegen::ir::{InstBuilder, condcodes::IntCC, types};

    /// `flag = 1; if flag == 0: return -1` then a select on `flag ^ 1` and a compare of
    /// two constants: every branch and select goes.
    #[test]
    fn a_branch_on_a_set_flag_becomes_a_jump() {
        let mut func = with_blocks(&[types::I64], &[types::I64], |b, entry| {
            let (exit, next) = (b.create_block(), b.create_block());
            let last = b.create_block();
            let p = b.block_params(entry)[0];
            let flag = b.ins().iconst(types::I8, 1);
            let unbound = b.ins().icmp_imm_s(IntCC::Equal, flag, 0);
            b.ins().brif(unbound, exit, &[], next, &[]);
            b.switch_to_block(exit);
            let minus = b.ins().iconst(types::I64, -1);
            b.ins().return_(&[minus]);
            b.switch_to_block(next);
            let one = b.ins().iconst(types::I8, 1);
            let not = b.ins().bxor(flag, one);
            let picked = b.ins().select(not, minus, p);
            let (x, y) = (
                b.ins().iconst(types::I64, -3),
                b.ins().iconst(types::I64, 2),
            );
            let below = b.ins().icmp(IntCC::UnsignedLessThan, x, y);
            let sum = b.ins().iadd(picked, p);
            b.ins().brif(below, exit, &[], last, &[]);
            b.switch_to_block(last);
            b.ins().return_(&[sum]);
        });
        // icmp (of the immediate), brif, bxor, select, icmp, brif.
        assert_eq!(fold(&mut func), 6);
        let text = func.display().to_string();
        assert!(!text.contains("brif") && !text.contains("select"), "{text}");
        // -3 is not below 2 unsigned: the second branch goes to the last block.
        assert_eq!(text.matches("jump").count(), 2, "{text}");
        crate::backend::cpu::clif_tests::verify(&func);
    }

    /// A proof's conjunction with terms proven true (`band all, 1`) is the
    /// conjunction of the rest; `band` with 0 is 0, `bor` of a condition with 1 is 1;
    /// a `band` with 1 of a value that may be other than 0 or 1 stays.
    #[test]
    fn a_conjunction_with_true_is_the_other_term() {
        let mut func = with_blocks(&[types::I64, types::I8], &[types::I8], |b, entry| {
            let (p, raw) = (b.block_params(entry)[0], b.block_params(entry)[1]);
            let zero = b.ins().iconst(types::I64, 0);
            let nonneg = b.ins().icmp(IntCC::SignedGreaterThanOrEqual, p, zero);
            let t = b.ins().iconst(types::I8, 1);
            let all = b.ins().band(nonneg, t);
            let small = b.ins().icmp_imm_s(IntCC::SignedLessThan, p, 10);
            let both = b.ins().band(all, small);
            let again = b.ins().band(t, both);
            let any = b.ins().bor(again, t);
            let f = b.ins().iconst(types::I8, 0);
            let none = b.ins().band(any, f);
            let kept = b.ins().band(raw, t);
            let r = b.ins().bor(none, kept);
            b.ins().return_(&[r]);
        });
        // band nonneg 1, band t both, bor again 1, band any 0, bor none kept (0 | x).
        assert_eq!(fold(&mut func), 5);
        let text = func.display().to_string();
        assert_eq!(text.matches("band").count(), 2, "{text}");
        assert!(!text.contains("bor"), "{text}");
        crate::backend::cpu::clif_tests::verify(&func);
    }
}
