//! Float arithmetic on constants folded before Cranelift, and division by a power of
//! two made a multiplication.
//!
//! Python's `state / M` of two ints, `M` a module constant (`2**31`), is generated as
//! both operands converted to float64, a test of the divisor against zero (Python
//! raises `ZeroDivisionError`) and an `fdiv`. Cranelift's e-graph folds the conversion
//! and the comparison, but leaves the `brif` on the constant it found (a `test` and a
//! branch on every iteration) and the division, 13-20 cycles of latency where a
//! multiplication is 4: the Monte Carlo kernel's loop has two of them per iteration.
//!
//! The algorithm: one pass in layout order (each operand is defined before its use,
//! but block parameters, which are not constants here), with the float constants known
//! so far: an `f64const`/`f32const`, or an `fcvt_from_sint` of an `iconst` (rounded to
//! nearest, as the conversion instruction rounds), rewritten as a constant. An `fcmp`
//! of two constants becomes the `iconst.i8` it computes (`const_branches`, after this
//! pass, then folds the branch). `x / c` where `c` is a power of two whose reciprocal
//! is a normal float becomes `x * (1 / c)`: both are the exact quotient `x * 2**-k`
//! rounded once, so every result, signed zeros, infinities and NaNs included, is the
//! same bit for bit.
//!
//! Invariant: a folded instruction's new value is what it computed at run time, into a
//! result of the same type in the same place, so SSA form and the function's behaviour
//! hold.

use crate::collections::HashMap;
use cranelift_codegen::cursor::{Cursor, FuncCursor};
use cranelift_codegen::ir::{
    Function, InstBuilder, InstructionData, Opcode, Value, condcodes::FloatCC, types,
};

/// Folds `func`'s float constants (see the module doc); how many instructions changed.
pub(super) fn fold(func: &mut Function) -> usize {
    let mut ints: HashMap<Value, i64> = HashMap::default();
    let mut floats: HashMap<Value, f64> = HashMap::default();
    let mut folded = 0;
    for inst in super::layout_order::insts(func) {
        let result = func.dfg.inst_results(inst).first().copied();
        let float = |v: Value, floats: &HashMap<Value, f64>| {
            floats.get(&func.dfg.resolve_aliases(v)).copied()
        };
        match func.dfg.insts[inst] {
            InstructionData::UnaryImm {
                opcode: Opcode::Iconst,
                imm,
            } => {
                let result = result.expect("iconst has a result");
                if func.dfg.value_type(result) == types::I64 {
                    ints.insert(result, imm.bits());
                }
            }
            InstructionData::UnaryIeee64 {
                opcode: Opcode::F64const,
                imm,
            } => {
                floats.insert(result.expect("a result"), f64::from_bits(imm.bits()));
            }
            InstructionData::UnaryIeee32 {
                opcode: Opcode::F32const,
                imm,
            } => {
                let x = f32::from_bits(imm.bits());
                floats.insert(result.expect("a result"), f64::from(x));
            }
            InstructionData::Unary {
                opcode: Opcode::FcvtFromSint,
                arg,
            } => {
                let result = result.expect("a result");
                let Some(&c) = ints.get(&func.dfg.resolve_aliases(arg)) else {
                    continue;
                };
                match func.dfg.value_type(result) {
                    types::F64 => {
                        let x = c as f64;
                        func.replace(inst).f64const(x);
                        floats.insert(result, x);
                    }
                    types::F32 => {
                        let x = c as f32;
                        func.replace(inst).f32const(x);
                        floats.insert(result, f64::from(x));
                    }
                    _ => continue,
                }
                folded += 1;
            }
            InstructionData::FloatCompare {
                opcode: Opcode::Fcmp,
                cond,
                args: [a, b],
            } => {
                let (Some(x), Some(y)) = (float(a, &floats), float(b, &floats)) else {
                    continue;
                };
                let Some(holds) = compare(cond, x, y) else {
                    continue;
                };
                func.replace(inst).iconst(types::I8, i64::from(holds));
                folded += 1;
            }
            InstructionData::Binary {
                opcode: Opcode::Fdiv,
                args: [x, c],
            } => {
                let Some(c) = float(c, &floats) else {
                    continue;
                };
                let ty = func.dfg.value_type(result.expect("a result"));
                let Some(r) = exact_reciprocal(c, ty == types::F32) else {
                    continue;
                };
                let mut pos = FuncCursor::new(func).at_inst(inst);
                let r = if ty == types::F32 {
                    pos.ins().f32const(r as f32)
                } else {
                    pos.ins().f64const(r)
                };
                func.replace(inst).fmul(x, r);
                folded += 1;
            }
            _ => {}
        }
    }
    folded
}

/// `1 / c` where `c` is a power of two whose reciprocal is a normal number of the type
/// (`f32`: single precision), so that multiplying by it divides exactly.
fn exact_reciprocal(c: f64, f32: bool) -> Option<f64> {
    let normal_power_of_two = |x: f64| {
        if f32 {
            let y = x as f32;
            f64::from(y) == x && y.is_normal() && y.to_bits() & 0x7f_ffff == 0
        } else {
            x.is_normal() && x.to_bits() & ((1u64 << 52) - 1) == 0
        }
    };
    let r = 1.0 / c;
    (normal_power_of_two(c) && normal_power_of_two(r)).then_some(r)
}

/// What `fcmp cond x, y` computes, for the conditions code generation makes.
fn compare(cond: FloatCC, x: f64, y: f64) -> Option<bool> {
    Some(match cond {
        FloatCC::Equal => x == y,
        FloatCC::NotEqual => x != y,
        FloatCC::LessThan => x < y,
        FloatCC::LessThanOrEqual => x <= y,
        FloatCC::GreaterThan => x > y,
        FloatCC::GreaterThanOrEqual => x >= y,
        FloatCC::Ordered => !x.is_nan() && !y.is_nan(),
        FloatCC::Unordered => x.is_nan() || y.is_nan(),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::cpu::clif_tests;

    /// `(x / float(2**31), float(2**31) == 0.0)` of an f64 parameter.
    fn quotient(divisor: i64) -> Function {
        clif_tests::function(&[types::F64], &[types::F64, types::I8], |b, p| {
            let m = b.ins().iconst(types::I64, divisor);
            let mf = b.ins().fcvt_from_sint(types::F64, m);
            let zero = b.ins().f64const(0.0);
            let is_zero = b.ins().fcmp(FloatCC::Equal, mf, zero);
            vec![b.ins().fdiv(p[0], mf), is_zero]
        })
    }

    #[test]
    fn division_by_a_power_of_two_multiplies() {
        let mut func = quotient(1 << 31);
        assert_eq!(fold(&mut func), 3);
        clif_tests::verify(&func);
        let text = func.display().to_string();
        assert!(text.contains("fmul"), "{text}");
        assert!(!text.contains("fdiv"), "{text}");
        assert!(text.contains("iconst.i8 0"), "{text}");
        assert!(text.contains("f64const 0x1.0000000000000p-31"), "{text}");
    }

    #[test]
    fn other_divisors_stay_divisions() {
        // 3 is no power of two; 2**-1074 is one, but its reciprocal is past f64.
        let mut func = quotient(3);
        assert_eq!(fold(&mut func), 2);
        assert!(func.display().to_string().contains("fdiv"));
        assert_eq!(exact_reciprocal(f64::from_bits(1), false), None);
        assert_eq!(exact_reciprocal(2f64.powi(1023), false), None);
        assert_eq!(exact_reciprocal(0.0, false), None);
        assert_eq!(exact_reciprocal(-0.25, false), Some(-4.0));
        assert_eq!(exact_reciprocal(2f64.powi(127), true), None);
        assert_eq!(exact_reciprocal(1024.0, true), Some(1.0 / 1024.0));
    }

    /// The multiplication gives the division's bits, at the edges too.
    #[test]
    fn same_bits_as_the_division() {
        let xs = [
            0.0,
            -0.0,
            1.0,
            -3.5,
            f64::MAX,
            f64::MIN_POSITIVE,
            f64::from_bits(1),
            f64::from_bits(0x000f_ffff_ffff_ffff),
            f64::INFINITY,
            f64::NEG_INFINITY,
            1e-300,
            123456789.123,
        ];
        for c in [
            2.0,
            0.5,
            -8.0,
            2f64.powi(31),
            2f64.powi(-1000),
            2f64.powi(1000),
        ] {
            let r = exact_reciprocal(c, false).unwrap();
            for x in xs {
                assert_eq!((x / c).to_bits(), (x * r).to_bits(), "{x} / {c}");
            }
        }
        assert!((f64::NAN * 0.5).is_nan());
    }
}
