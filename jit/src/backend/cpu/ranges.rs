//! Integer value ranges, for the overflow checks and comparisons they decide.
//!
//! Python's integers do not overflow, so compiled code checks every `+`, `-` and `*`
//! of them (`sadd_overflow`, handing the statement back where it overflows), and every
//! conversion of one to a float for being exact (`|x| < 2**53`). Where the operands'
//! values are bounded that cannot happen: a linear congruential generator's
//! `(A * s + C) % M` is below `M`, so the next step's `A * s + C` fits in 64 bits and
//! its quotient `s / M` converts exactly. Cranelift knows none of this; the checks ran
//! on every iteration.
//!
//! The algorithm: one pass in layout order (each operand is defined before its use,
//! but block parameters, which get no range), keeping an inclusive range `[lo, hi]`
//! for int64 values: a constant; `band` with an operand known non-negative (at most
//! that operand); `srem` by a positive constant; `sshr` by a constant; `select` of two
//! ranged operands (their union); and `iadd`, `isub`, `imul` of ranged operands whose
//! exact result range fits in 64 bits. An overflow-checked form whose result range
//! fits becomes the plain form, its flag the constant 0; a comparison the ranges
//! decide becomes the constant it is. `const_branches` then removes the branches on
//! those constants.
//!
//! Invariant: a value's range contains every value it can take at run time (computed
//! with 128-bit arithmetic, and only from facts of the instruction that defines it or
//! its operands' ranges), so a check it removes could never have failed.

use crate::collections::HashMap;
use cranelift_codegen::cursor::{Cursor, FuncCursor};
use cranelift_codegen::ir::{
    Function, Inst, InstBuilder, InstructionData, Opcode, Value, condcodes::IntCC, types,
};

/// An inclusive range of an int64 value.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Range {
    lo: i64,
    hi: i64,
}

impl Range {
    fn of(lo: i128, hi: i128) -> Option<Range> {
        let fits = |x: i128| x >= i128::from(i64::MIN) && x <= i128::from(i64::MAX);
        (fits(lo) && fits(hi)).then_some(Range {
            lo: lo as i64,
            hi: hi as i64,
        })
    }

    fn constant(c: i64) -> Range {
        Range { lo: c, hi: c }
    }

    /// The range of `a op b` for every pair of values in `a` and `b`, if it fits.
    fn arith(op: Opcode, a: Range, b: Range) -> Option<Range> {
        let (al, ah, bl, bh) = (
            i128::from(a.lo),
            i128::from(a.hi),
            i128::from(b.lo),
            i128::from(b.hi),
        );
        match op {
            Opcode::Iadd | Opcode::SaddOverflow => Range::of(al + bl, ah + bh),
            Opcode::Isub | Opcode::SsubOverflow => Range::of(al - bh, ah - bl),
            Opcode::Imul | Opcode::SmulOverflow => {
                let products = [al * bl, al * bh, ah * bl, ah * bh];
                let lo = *products.iter().min().expect("four products");
                let hi = *products.iter().max().expect("four products");
                Range::of(lo, hi)
            }
            _ => None,
        }
    }
}

/// Narrows `func`'s checked arithmetic and comparisons by their operands' ranges (see
/// the module doc); how many instructions changed.
pub(super) fn narrow(func: &mut Function) -> usize {
    let mut ranges: HashMap<Value, Range> = HashMap::default();
    let mut changed = 0;
    for inst in super::layout_order::insts(func) {
        let range_of = |v: Value, ranges: &HashMap<Value, Range>| {
            ranges.get(&func.dfg.resolve_aliases(v)).copied()
        };
        let results = func.dfg.inst_results(inst);
        let Some(&result) = results.first() else {
            continue;
        };
        if func.dfg.value_type(result) != types::I64
            && !matches!(func.dfg.insts[inst], InstructionData::IntCompare { .. })
        {
            continue;
        }
        match func.dfg.insts[inst] {
            InstructionData::UnaryImm {
                opcode: Opcode::Iconst,
                imm,
            } => {
                ranges.insert(result, Range::constant(imm.bits()));
            }
            InstructionData::Binary {
                opcode,
                args: [a, b],
            } => {
                let (ra, rb) = (range_of(a, &ranges), range_of(b, &ranges));
                let range = match opcode {
                    Opcode::Band => {
                        let nonneg = |r: Option<Range>| r.filter(|r| r.lo >= 0).map(|r| r.hi);
                        match (nonneg(ra), nonneg(rb)) {
                            (Some(x), Some(y)) => Some(Range {
                                lo: 0,
                                hi: x.min(y),
                            }),
                            (Some(x), None) | (None, Some(x)) => Some(Range { lo: 0, hi: x }),
                            (None, None) => None,
                        }
                    }
                    Opcode::Srem => match rb {
                        Some(Range { lo: c, hi }) if c == hi && c > 0 => {
                            let nonneg = ra.is_some_and(|r| r.lo >= 0);
                            Some(Range {
                                lo: if nonneg { 0 } else { 1 - c },
                                hi: c - 1,
                            })
                        }
                        _ => None,
                    },
                    Opcode::Sshr => match (ra, rb) {
                        (Some(r), Some(Range { lo: k, hi })) if k == hi && (0..64).contains(&k) => {
                            Some(Range {
                                lo: r.lo >> k,
                                hi: r.hi >> k,
                            })
                        }
                        _ => None,
                    },
                    Opcode::Iadd | Opcode::Isub | Opcode::Imul => match (ra, rb) {
                        (Some(x), Some(y)) => Range::arith(opcode, x, y),
                        _ => None,
                    },
                    Opcode::SaddOverflow | Opcode::SsubOverflow | Opcode::SmulOverflow => {
                        match (ra, rb) {
                            (Some(x), Some(y)) => match Range::arith(opcode, x, y) {
                                Some(r) => {
                                    let value = unchecked(func, inst, opcode, [a, b]);
                                    ranges.insert(value, r);
                                    changed += 1;
                                    None
                                }
                                None => None,
                            },
                            _ => None,
                        }
                    }
                    _ => None,
                };
                if let Some(r) = range {
                    ranges.insert(result, r);
                }
            }
            InstructionData::Ternary {
                opcode: Opcode::Select,
                args: [_, a, b],
            } => {
                if let (Some(x), Some(y)) = (range_of(a, &ranges), range_of(b, &ranges)) {
                    ranges.insert(
                        result,
                        Range {
                            lo: x.lo.min(y.lo),
                            hi: x.hi.max(y.hi),
                        },
                    );
                }
            }
            InstructionData::IntCompare {
                opcode: Opcode::Icmp,
                cond,
                args: [a, b],
            } => {
                if func.dfg.value_type(a) != types::I64 {
                    continue;
                }
                if let (Some(x), Some(y)) = (range_of(a, &ranges), range_of(b, &ranges))
                    && let Some(known) = decided(cond, x, y)
                {
                    func.replace(inst).iconst(types::I8, i64::from(known));
                    changed += 1;
                }
            }
            _ => {}
        }
    }
    changed
}

/// Makes the overflow-checked `inst` (`op` of `args`) its plain form, its flag the
/// constant 0; its value.
fn unchecked(func: &mut Function, inst: Inst, op: Opcode, [a, b]: [Value; 2]) -> Value {
    let results = func.dfg.inst_results(inst).to_vec();
    let [value, flag] = results[..] else {
        unreachable!("an overflow-checked operation has two results");
    };
    func.dfg.clear_results(inst);
    let plain = match op {
        Opcode::SaddOverflow => func.replace(inst).iadd(a, b),
        Opcode::SsubOverflow => func.replace(inst).isub(a, b),
        _ => func.replace(inst).imul(a, b),
    };
    func.dfg.change_to_alias(value, plain);
    let zero = FuncCursor::new(func)
        .at_inst(inst)
        .ins()
        .iconst(types::I8, 0);
    func.dfg.change_to_alias(flag, zero);
    plain
}

/// Whether `x cond y` holds for every pair of values of the ranges (`Some(true)`),
/// for none (`Some(false)`), or depends on them. Unsigned conditions only over
/// non-negative ranges, where they agree with the signed ones.
fn decided(cond: IntCC, x: Range, y: Range) -> Option<bool> {
    use IntCC::*;
    let unsigned = matches!(
        cond,
        UnsignedLessThan
            | UnsignedLessThanOrEqual
            | UnsignedGreaterThan
            | UnsignedGreaterThanOrEqual
    );
    if unsigned && (x.lo < 0 || y.lo < 0) {
        return None;
    }
    let (always, never) = match cond {
        Equal => (
            x.lo == x.hi && y.lo == y.hi && x.lo == y.lo,
            x.hi < y.lo || y.hi < x.lo,
        ),
        NotEqual => (
            x.hi < y.lo || y.hi < x.lo,
            x.lo == x.hi && y.lo == y.hi && x.lo == y.lo,
        ),
        SignedLessThan | UnsignedLessThan => (x.hi < y.lo, x.lo >= y.hi),
        SignedLessThanOrEqual | UnsignedLessThanOrEqual => (x.hi <= y.lo, x.lo > y.hi),
        SignedGreaterThan | UnsignedGreaterThan => (x.lo > y.hi, x.hi <= y.lo),
        SignedGreaterThanOrEqual | UnsignedGreaterThanOrEqual => (x.lo >= y.hi, x.hi < y.lo),
    };
    if always {
        Some(true)
    } else if never {
        Some(false)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::{Range, decided, narrow};
    use crate::backend::cpu::clif_tests::function;
    use cranelift_codegen::ir::{InstBuilder, condcodes::IntCC, types};

    /// `s = p & (2**31 - 1)`, then `A * s + C` checked for overflow twice and
    /// `s + 2**53 > 2**54`: both checks and the comparison are decided; the same
    /// arithmetic on `p` itself is not.
    #[test]
    fn a_masked_value_needs_no_overflow_check() {
        let i64 = types::I64;
        let i8 = types::I8;
        let mut func = function(&[i64], &[i64, i8, i8, i8], |b, p| {
            let s = b.ins().band_imm_s(p[0], (1 << 31) - 1);
            let a = b.ins().iconst(types::I64, 1_103_515_245);
            let (m, f1) = b.ins().smul_overflow(a, s);
            let c = b.ins().iconst(types::I64, 12345);
            let (v, f2) = b.ins().sadd_overflow(m, c);
            let big = b.ins().iadd_imm_s(s, 1 << 53);
            let inexact = b.ins().icmp_imm_s(IntCC::UnsignedGreaterThan, big, 1 << 54);
            let (_, f3) = b.ins().smul_overflow(a, p[0]);
            let f = b.ins().bor(f1, f2);
            vec![v, f, inexact, f3]
        });
        // The two checks on `s` and the comparison.
        assert_eq!(narrow(&mut func), 3);
        let text = func.display().to_string();
        assert_eq!(text.matches("overflow").count(), 1, "{text}");
        assert!(text.contains("imul") && text.contains("iadd"), "{text}");
        crate::backend::cpu::clif_tests::verify(&func);
    }

    #[test]
    fn comparisons_decided_by_ranges() {
        let r = |lo, hi| Range { lo, hi };
        assert_eq!(decided(IntCC::SignedLessThan, r(0, 5), r(6, 9)), Some(true));
        assert_eq!(decided(IntCC::SignedLessThan, r(0, 6), r(6, 9)), None);
        assert_eq!(
            decided(IntCC::SignedGreaterThanOrEqual, r(0, 5), r(6, 9)),
            Some(false)
        );
        assert_eq!(decided(IntCC::UnsignedGreaterThan, r(-1, 5), r(6, 9)), None);
        assert_eq!(decided(IntCC::Equal, r(3, 3), r(3, 3)), Some(true));
        assert_eq!(decided(IntCC::NotEqual, r(0, 2), r(3, 3)), Some(true));
        assert_eq!(
            Range::arith(
                cranelift_codegen::ir::Opcode::SmulOverflow,
                r(-3, 2),
                r(i64::MAX / 2, i64::MAX / 2 + 1)
            ),
            None
        );
    }
}
