//! Integer arithmetic with a constant that changes nothing (`x + 0`, `x * 1`, `x * 0`,
//! two constants) folded before Cranelift sees it, checked for overflow or not.
//!
//! Code generation builds subscripts' offsets and a nest's proofs term by term (`0 +
//! i * stride + 0 * 8`, `1 * n` checked for overflow) and left the folding to
//! Cranelift. Its e-graph folds the plain forms but leaves instructions of two results
//! (`sadd_overflow`, `smul_overflow`) as they are, so a proof's arithmetic was half of
//! some functions' entry blocks; and it computes an add of a constant again in every
//! block that uses it (such e-classes are rematerialised). Folding first shrinks what
//! Cranelift compiles: lu_solve's machine code 45 -> 32 KB, with the shared exits.
//!
//! The algorithm: one pass in layout order (each operand is defined before its use,
//! except block parameters, which are never constants here), with the constants known
//! so far: an `iconst`, or an operation this pass folded into one. An instruction whose
//! result equals one operand becomes an alias of that operand; one whose result is a
//! constant becomes an `iconst`. Wrapping arithmetic, as Cranelift's is, for the plain
//! forms; an overflowing form is folded only where it cannot overflow, its flag then
//! the constant 0.
//!
//! Invariant: only scalar integer `iadd`, `isub`, `imul` and int64 `sadd_overflow`,
//! `ssub_overflow`, `smul_overflow` change, each result into a value that already
//! dominates its uses (an operand) or a constant, so SSA form holds.

use crate::collections::HashMap;
use cranelift_codegen::cursor::{Cursor, FuncCursor};
use cranelift_codegen::ir::{
    Function, Inst, InstBuilder, InstructionData, Opcode, Type, Value, types,
};

/// Folds `func`'s trivial integer arithmetic (see the module doc); how many instructions.
pub(super) fn fold(func: &mut Function) -> usize {
    let mut constants: HashMap<Value, i64> = HashMap::default();
    let mut folded = 0;
    for inst in super::layout_order::insts(func) {
        let done = match func.dfg.insts[inst] {
            InstructionData::UnaryImm {
                opcode: Opcode::Iconst,
                imm,
            } => {
                let result = func.dfg.first_result(inst);
                let ty = func.dfg.value_type(result);
                constants.insert(result, truncate(imm.bits(), ty));
                false
            }
            InstructionData::Binary { opcode, args } => match Arith::of(opcode) {
                Some((op, false)) => fold_wrapping(func, inst, op, args, &mut constants),
                Some((op, true)) => fold_overflowing(func, inst, op, args, &mut constants),
                None => false,
            },
            _ => false,
        };
        folded += usize::from(done);
    }
    folded
}

/// The arithmetic this pass folds.
#[derive(Clone, Copy)]
enum Arith {
    Add,
    Sub,
    Mul,
}

impl Arith {
    /// The operation of `opcode`, and whether it is the form checked for overflow.
    fn of(opcode: Opcode) -> Option<(Arith, bool)> {
        Some(match opcode {
            Opcode::Iadd => (Arith::Add, false),
            Opcode::Isub => (Arith::Sub, false),
            Opcode::Imul => (Arith::Mul, false),
            Opcode::SaddOverflow => (Arith::Add, true),
            Opcode::SsubOverflow => (Arith::Sub, true),
            Opcode::SmulOverflow => (Arith::Mul, true),
            _ => return None,
        })
    }
}

/// What `a op b` is known to be.
enum Folded {
    Operand(Value),
    Constant(i64),
}

/// `a op b` as an operand or a constant, given the constants known (`ca`, `cb`):
/// `0 + x`, `x - 0`, `1 * x`, `0 * x`, or two constants, which `combine` computes
/// (`None`: left as it is). Nothing where it is none of those.
fn simplified(
    op: Arith,
    [a, b]: [Value; 2],
    [ca, cb]: [Option<i64>; 2],
    combine: impl Fn(i64, i64) -> Option<i64>,
) -> Option<Folded> {
    match (op, ca, cb) {
        (_, Some(x), Some(y)) => combine(x, y).map(Folded::Constant),
        (Arith::Mul, Some(0), _) | (Arith::Mul, _, Some(0)) => Some(Folded::Constant(0)),
        (Arith::Add, Some(0), _) | (Arith::Mul, Some(1), _) => Some(Folded::Operand(b)),
        (Arith::Add | Arith::Sub, _, Some(0)) | (Arith::Mul, _, Some(1)) => {
            Some(Folded::Operand(a))
        }
        _ => None,
    }
}

/// The operands of `inst`, aliases resolved, and the constants they are known to be.
fn operands(
    func: &Function,
    args: [Value; 2],
    constants: &HashMap<Value, i64>,
) -> ([Value; 2], [Option<i64>; 2]) {
    let values = args.map(|v| func.dfg.resolve_aliases(v));
    (values, values.map(|v| constants.get(&v).copied()))
}

/// A scalar integer `iadd`, `isub` or `imul` folded, with Cranelift's wrapping
/// arithmetic; whether it was.
fn fold_wrapping(
    func: &mut Function,
    inst: Inst,
    op: Arith,
    args: [Value; 2],
    constants: &mut HashMap<Value, i64>,
) -> bool {
    let result = func.dfg.first_result(inst);
    let ty = func.dfg.value_type(result);
    if !ty.is_int() || ty.is_vector() {
        return false;
    }
    let (values, known) = operands(func, args, constants);
    let combine = |x: i64, y: i64| {
        let c = match op {
            Arith::Add => x.wrapping_add(y),
            Arith::Sub => x.wrapping_sub(y),
            Arith::Mul => x.wrapping_mul(y),
        };
        Some(truncate(c, ty))
    };
    match simplified(op, values, known, combine) {
        Some(Folded::Constant(c)) => {
            func.replace(inst).iconst(ty, c);
            constants.insert(result, c);
        }
        Some(Folded::Operand(v)) => {
            func.dfg.clear_results(inst);
            func.dfg.change_to_alias(result, v);
            func.layout.remove_inst(inst);
        }
        None => return false,
    }
    true
}

/// An int64 `sadd_overflow`, `ssub_overflow` or `smul_overflow` whose result is an
/// operand or a constant that does not overflow: its value becomes that, and its
/// overflow flag the constant 0; whether it was. The e-graph leaves instructions of two
/// results alone, and the proof of a nest's subscripts (`nest_bounds`) is made of
/// them: half of softmax's entry block was `1 * n` and `0 + k` checked for overflow.
fn fold_overflowing(
    func: &mut Function,
    inst: Inst,
    op: Arith,
    args: [Value; 2],
    constants: &mut HashMap<Value, i64>,
) -> bool {
    let results = func.dfg.inst_results(inst).to_vec();
    let [value, flag] = results[..] else {
        return false;
    };
    if func.dfg.value_type(value) != types::I64 {
        return false;
    }
    let (values, known) = operands(func, args, constants);
    // An overflow is left to the instruction, which the code after it handles.
    let combine = |x: i64, y: i64| match op {
        Arith::Add => x.checked_add(y),
        Arith::Sub => x.checked_sub(y),
        Arith::Mul => x.checked_mul(y),
    };
    let Some(folded) = simplified(op, values, known, combine) else {
        return false;
    };
    func.dfg.clear_results(inst);
    let zero = match folded {
        Folded::Operand(v) => {
            func.dfg.change_to_alias(value, v);
            // The instruction becomes its flag: no overflow.
            func.replace(inst).iconst(types::I8, 0);
            func.dfg.first_result(inst)
        }
        Folded::Constant(c) => {
            func.replace(inst).iconst(types::I64, c);
            let new = func.dfg.first_result(inst);
            func.dfg.change_to_alias(value, new);
            constants.insert(new, c);
            constants.insert(value, c);
            FuncCursor::new(func)
                .at_inst(inst)
                .ins()
                .iconst(types::I8, 0)
        }
    };
    func.dfg.change_to_alias(flag, zero);
    constants.insert(zero, 0);
    constants.insert(flag, 0);
    true
}

/// `x` as the immediate of an `iconst` of the integer type `ty`: its low bits, zero
/// extended, as Cranelift's verifier wants narrow constants.
fn truncate(x: i64, ty: Type) -> i64 {
    let bits = ty.bits();
    if bits >= 64 {
        x
    } else {
        x & ((1i64 << bits) - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::cpu::clif_tests::function;
    use cranelift_codegen::ir::{ValueDef, types};

    /// What the function's `return` passes first, aliases resolved.
    fn first_returned(func: &Function) -> Value {
        let ret = func
            .layout
            .last_inst(func.layout.entry_block().unwrap())
            .unwrap();
        func.dfg.resolve_aliases(func.dfg.inst_args(ret)[0])
    }

    /// `(k * 1 + 0) * stride + 0 * 8` over two parameters: one multiplication is left,
    /// of the parameters themselves.
    #[test]
    fn leaves_one_multiplication() {
        let mut func = function(&[types::I64, types::I64], &[types::I64], |b, p| {
            let zero = b.ins().iconst(types::I64, 0);
            let one = b.ins().iconst(types::I64, 1);
            let eight = b.ins().iconst(types::I64, 8);
            let k1 = b.ins().imul(one, p[0]);
            let k0 = b.ins().iadd(zero, k1);
            let row = b.ins().imul(k0, p[1]);
            let col = b.ins().imul(zero, eight);
            vec![b.ins().iadd(row, col)]
        });
        assert_eq!(fold(&mut func), 4);
        let text = func.display().to_string();
        assert_eq!(text.matches("imul").count(), 1, "{text}");
        assert_eq!(text.matches("iadd").count(), 0, "{text}");
        let ValueDef::Result(mul, _) = func.dfg.value_def(first_returned(&func)) else {
            panic!("{text}");
        };
        let params = func.dfg.block_params(func.layout.entry_block().unwrap());
        let args: Vec<Value> = func
            .dfg
            .inst_args(mul)
            .iter()
            .map(|v| func.dfg.resolve_aliases(*v))
            .collect();
        assert_eq!(args, params.to_vec());
    }

    /// `0 + n` and `1 * n` checked for overflow, and `3 * 4` (a proof's arithmetic).
    #[test]
    fn folds_overflow_checks() {
        let mut func = function(&[types::I64], &[types::I64, types::I8], |b, p| {
            let zero = b.ins().iconst(types::I64, 0);
            let one = b.ins().iconst(types::I64, 1);
            let three = b.ins().iconst(types::I64, 3);
            let four = b.ins().iconst(types::I64, 4);
            let (sum, o1) = b.ins().sadd_overflow(zero, p[0]);
            let (prod, o2) = b.ins().smul_overflow(one, sum);
            let (twelve, o3) = b.ins().smul_overflow(three, four);
            let (total, o4) = b.ins().sadd_overflow(prod, twelve);
            let any = b.ins().bor(o1, o2);
            let any = b.ins().bor(any, o3);
            vec![total, b.ins().bor(any, o4)]
        });
        assert_eq!(fold(&mut func), 3);
        let text = func.display().to_string();
        assert_eq!(text.matches("overflow").count(), 1, "{text}");
        assert!(text.contains("iconst.i64 12"), "{text}");
        // The one left adds 12 to the parameter itself.
        let entry = func.layout.entry_block().unwrap();
        let add = func
            .layout
            .block_insts(entry)
            .find(|i| func.dfg.insts[*i].opcode() == Opcode::SaddOverflow)
            .unwrap();
        let first = func.dfg.resolve_aliases(func.dfg.inst_args(add)[0]);
        assert_eq!(first, func.dfg.block_params(entry)[0], "{text}");
    }

    /// An overflowing product of constants is left to the instruction.
    #[test]
    fn keeps_an_overflowing_constant_product() {
        let mut func = function(&[], &[types::I8], |b, _| {
            let big = b.ins().iconst(types::I64, 1 << 62);
            let four = b.ins().iconst(types::I64, 4);
            vec![b.ins().smul_overflow(big, four).1]
        });
        assert_eq!(fold(&mut func), 0);
    }

    #[test]
    fn folds_constants_with_wrapping() {
        let mut func = function(&[], &[types::I8], |b, _| {
            let x = b.ins().iconst(types::I8, 100);
            let y = b.ins().iconst(types::I8, 100);
            vec![b.ins().iadd(x, y)]
        });
        assert_eq!(fold(&mut func), 1);
        let text = func.display().to_string();
        assert!(text.contains("v2 = iconst.i8 -56"), "{text}");
    }
}
