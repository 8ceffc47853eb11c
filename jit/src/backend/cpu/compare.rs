//! Truth values and comparisons: conditions (`not`, `and`/`or` branching, a number's
//! truth), chained comparisons, and comparisons of ints, floats, bools and numpy
//! scalars with Python's and numpy's rules (a float32 scalar against a Python float
//! compares as numpy 2 does, NEP 50: the Python float cast to float32).

use super::expr::EXACT_IN_F64;
use super::{Gen, Val};
use crate::ir::{CmpOp, Expr, LogicOp, UnaryOp};
use crate::types::{Machine, Scalar};
use cranelift_codegen::ir::{
    BlockArg, InstBuilder, Value,
    condcodes::{FloatCC, IntCC},
    types,
};

type Result<T> = std::result::Result<T, String>;

impl Gen<'_, '_> {
    /// Python truth of an expression, as an i8.
    pub(super) fn truth(&mut self, e: &Expr) -> Result<Value> {
        match e {
            Expr::Compare(first, rest) => self.compare_chain(first, rest),
            Expr::Unary(UnaryOp::Not, a) => {
                let t = self.truth(a)?;
                Ok(self.b.ins().bxor_imm_s(t, 1))
            }
            Expr::Logic(op, values) => {
                let join = self.b.create_block();
                let result = self.b.append_block_param(join, types::I8);
                for (k, value) in values.iter().enumerate() {
                    let t = self.truth(value)?;
                    self.flush_floats();
                    if k + 1 == values.len() {
                        self.b.ins().jump(join, &[BlockArg::Value(t)]);
                    } else {
                        let next = self.b.create_block();
                        match op {
                            LogicOp::And => {
                                self.b.ins().brif(t, next, &[], join, &[BlockArg::Value(t)])
                            }
                            LogicOp::Or => {
                                self.b.ins().brif(t, join, &[BlockArg::Value(t)], next, &[])
                            }
                        };
                        self.b.switch_to_block(next);
                    }
                }
                self.b.switch_to_block(join);
                Ok(result)
            }
            _ => {
                let v = self.scalar(e)?;
                Ok(self.truth_of(&v))
            }
        }
    }

    pub(super) fn truth_of(&mut self, v: &Val) -> Value {
        match v.ty.machine() {
            Machine::I64 => self.b.ins().icmp_imm_s(IntCC::NotEqual, v.v, 0),
            Machine::F64 => {
                let zero = self.b.ins().f64const(0.0);
                self.b.ins().fcmp(FloatCC::NotEqual, v.v, zero)
            }
            Machine::F32 => {
                let zero = self.b.ins().f32const(0.0);
                self.b.ins().fcmp(FloatCC::NotEqual, v.v, zero)
            }
        }
    }

    /// `a < b <= c ...` with Python's short-circuit: later operands are evaluated only
    /// while the comparisons hold.
    pub(super) fn compare_chain(&mut self, first: &Expr, rest: &[(CmpOp, Expr)]) -> Result<Value> {
        let mut left = self.scalar(first)?;
        if rest.len() == 1 {
            let right = self.scalar(&rest[0].1)?;
            return self.compare(rest[0].0, &left, &right);
        }
        let join = self.b.create_block();
        let result = self.b.append_block_param(join, types::I8);
        for (k, (op, right)) in rest.iter().enumerate() {
            let right = self.scalar(right)?;
            let c = self.compare(*op, &left, &right)?;
            self.flush_floats();
            if k + 1 == rest.len() {
                self.b.ins().jump(join, &[BlockArg::Value(c)]);
            } else {
                let next = self.b.create_block();
                self.b.ins().brif(c, next, &[], join, &[BlockArg::Value(c)]);
                self.b.switch_to_block(next);
            }
            left = right;
        }
        self.b.switch_to_block(join);
        Ok(result)
    }

    /// One comparison, exact as Python's between ints and floats.
    pub(super) fn compare(&mut self, op: CmpOp, a: &Val, b: &Val) -> Result<Value> {
        let (ma, mb) = (a.ty.machine(), b.ty.machine());
        if ma == Machine::I64 && mb == Machine::I64 {
            let cc = match op {
                CmpOp::Eq => IntCC::Equal,
                CmpOp::Ne => IntCC::NotEqual,
                CmpOp::Lt => IntCC::SignedLessThan,
                CmpOp::Le => IntCC::SignedLessThanOrEqual,
                CmpOp::Gt => IntCC::SignedGreaterThan,
                CmpOp::Ge => IntCC::SignedGreaterThanOrEqual,
            };
            return Ok(self.b.ins().icmp(cc, a.v, b.v));
        }
        let cc = match op {
            CmpOp::Eq => FloatCC::Equal,
            CmpOp::Ne => FloatCC::NotEqual,
            CmpOp::Lt => FloatCC::LessThan,
            CmpOp::Le => FloatCC::LessThanOrEqual,
            CmpOp::Gt => FloatCC::GreaterThan,
            CmpOp::Ge => FloatCC::GreaterThanOrEqual,
        };
        if let Some(c) = self.compare_weak_float(cc, a, b) {
            return Ok(c);
        }
        let (x, y) = if ma == Machine::F32 && mb == Machine::F32 {
            (a.v, b.v)
        } else {
            let limit = if ma == Machine::F32 || mb == Machine::F32 {
                1 << 24
            } else {
                EXACT_IN_F64
            };
            (self.exact_f64(a, limit), self.exact_f64(b, limit))
        };
        Ok(self.b.ins().fcmp(cc, x, y))
    }

    /// A float32 compared with a Python float: numpy casts the weak Python float to
    /// float32 (NEP 50) and compares float32s, so `np.float32(0.1) == 0.1` holds. A
    /// finite float beyond float32's range casts to inf with numpy's overflow warning,
    /// which the interpreter gives. Values whose type a run-time flag tells (a float32
    /// or a Python float held as a double, a Python float or a numpy float64) compare
    /// either way, as the flags say. `None`: no float32 can meet a Python float here.
    fn compare_weak_float(&mut self, cc: FloatCC, a: &Val, b: &Val) -> Option<Value> {
        let may_be_f32 = |v: &Val| v.ty.machine() == Machine::F32 || v.ty.is_wide_float32();
        let may_be_python = |v: &Val| v.ty.variants().contains(&Scalar::Float);
        if !(may_be_f32(a) && may_be_python(b) || may_be_f32(b) && may_be_python(a)) {
            return None;
        }
        let (sa, sb) = (self.float32_side(a), self.float32_side(b));
        // float32 when one side is a float32 and the other a Python float.
        let a_weak = self.b.ins().band(sa.is_python, sb.is_f32);
        let b_weak = self.b.ins().band(sb.is_python, sa.is_f32);
        let as_f32_wanted = self.b.ins().bor(a_weak, b_weak);
        let overflow_a = self.b.ins().band(sa.overflow, a_weak);
        let overflow_b = self.b.ins().band(sb.overflow, b_weak);
        let overflow = self.b.ins().bor(overflow_a, overflow_b);
        self.deopt_if(overflow);
        let as_f32 = self.b.ins().fcmp(cc, sa.cast, sb.cast);
        let (x, y) = (self.exact_f64(a, 1 << 24), self.exact_f64(b, 1 << 24));
        let as_f64 = self.b.ins().fcmp(cc, x, y);
        Some(self.b.ins().select(as_f32_wanted, as_f32, as_f64))
    }

    /// One side of a comparison that may be made in float32: its value cast to float32,
    /// whether it is a float32 and whether a Python float (i8 flags), and whether the
    /// cast overflowed (a finite value became inf).
    fn float32_side(&mut self, v: &Val) -> Float32Side {
        let is_f32 = match v.ty.machine() {
            Machine::F32 => self.b.ins().iconst(types::I8, 1),
            _ if v.ty.is_wide_float32() => self.numpy_flag(v),
            _ => self.b.ins().iconst(types::I8, 0),
        };
        let is_python = if v.ty.variants().contains(&Scalar::Float) {
            let numpy = self.numpy_flag(v);
            self.b.ins().icmp_imm_s(IntCC::Equal, numpy, 0)
        } else {
            self.b.ins().iconst(types::I8, 0)
        };
        if v.ty.machine() == Machine::F32 {
            let overflow = self.b.ins().iconst(types::I8, 0);
            return Float32Side {
                cast: v.v,
                is_f32,
                is_python,
                overflow,
            };
        }
        let cast = self.b.ins().fdemote(types::F32, v.v);
        let inf32 = self.b.ins().f32const(f32::INFINITY);
        let inf64 = self.b.ins().f64const(f64::INFINITY);
        let cast_abs = self.b.ins().fabs(cast);
        let v_abs = self.b.ins().fabs(v.v);
        let cast_inf = self.b.ins().fcmp(FloatCC::Equal, cast_abs, inf32);
        let finite = self.b.ins().fcmp(FloatCC::NotEqual, v_abs, inf64);
        let overflow = self.b.ins().band(cast_inf, finite);
        Float32Side {
            cast,
            is_f32,
            is_python,
            overflow,
        }
    }
}

/// See [`Gen::float32_side`].
struct Float32Side {
    cast: Value,
    is_f32: Value,
    is_python: Value,
    overflow: Value,
}
