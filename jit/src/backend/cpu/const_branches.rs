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
//! target it takes; a `select` on one, the operand it picks.
//!
//! Invariant: a folded instruction's new value is what it computed at run time, so the
//! function does what it did; a `jump` keeps the taken edge's arguments, and a target
//! no longer branched to is left to Cranelift's removal of unreachable blocks.

use crate::collections::HashMap;
use cranelift_codegen::ir::{
    Function, Inst, InstBuilder, InstructionData, Opcode, Type, Value, condcodes::IntCC, types,
};

/// Folds `func`'s branches and selects on constants (see the module doc); how many
/// instructions changed.
pub(super) fn fold(func: &mut Function) -> usize {
    let mut known: HashMap<Value, u64> = HashMap::default();
    let mut folded = 0;
    for inst in super::layout_order::insts(func) {
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
                let ty = func.dfg.value_type(func.dfg.first_result(inst));
                match (constant(a, &known), constant(b, &known)) {
                    (Some(x), Some(y)) if ty.is_int() && !ty.is_vector() => {
                        let r = match op {
                            Opcode::Band => x & y,
                            Opcode::Bor => x | y,
                            _ => x ^ y,
                        };
                        set(func, inst, ty, r, &mut known)
                    }
                    _ => false,
                }
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
}
