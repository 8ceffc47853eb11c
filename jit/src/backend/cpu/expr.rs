//! Expressions and conversions: Python's and numpy's semantics on
//! machine values. Every case where the interpreter would raise, warn, or leave 64 bits
//! is a check that hands the statement back to the interpreter (`deopt_if`); the fast
//! path computes exactly what the interpreter computes.

use super::{Gen, Val};
use crate::ir::{BinOp, Expr, LogicOp, UnaryOp, Var};
use crate::types::{Dtype, Machine, Scalar, ScalarTy};
use cranelift_codegen::ir::{
    BlockArg, InstBuilder, Value,
    condcodes::{FloatCC, IntCC},
    types,
};

type Result<T> = std::result::Result<T, String>;

/// How a float becomes an int: `math.floor`, `math.ceil`, `int()` (and numpy's cast into
/// an integer array), `round()` (half to even).
#[derive(Copy, Clone, Debug)]
pub(super) enum Rounding {
    Floor,
    Ceil,
    Trunc,
    Nearest,
}

/// 2^53: integers up to this magnitude convert to a double exactly.
pub(super) const EXACT_IN_F64: i64 = 1 << 53;

impl Gen<'_, '_> {
    pub(super) fn val(&self, ty: ScalarTy, v: Value, numpy: Option<Value>) -> Val {
        Val { ty, v, numpy }
    }

    pub(super) fn exact(&self, ty: Scalar, v: Value) -> Val {
        Val {
            ty: ScalarTy::exact(ty),
            v,
            numpy: None,
        }
    }

    /// Whether an arm of `a if cond else b` may be computed whether or not it is
    /// taken: a constant, a variable that is surely bound, or an array element that
    /// cannot fail to load (its subscript proven in bounds, or the very element the
    /// condition's comparison loaded, at a subscript of variables and constants; a
    /// load that did fail would only hand the statement back).
    fn eager_arm(&mut self, e: &Expr, cond: &Expr) -> bool {
        match e {
            Expr::Int(_) | Expr::Float(_) | Expr::Bool(_) => true,
            // Bound where its flag is the constant set by an assignment on the way here
            // (`alt = dik + d[k, j]` earlier in the iteration).
            Expr::Var(v) => match self.vars[*v] {
                Some(slots) => slots
                    .bound
                    .is_none_or(|bound| self.b.use_var(bound) == self.flag_set),
                None => false,
            },
            Expr::Load(array, index) => {
                // One of the condition's first two operands, which are always
                // evaluated (not one inside an `and`, or past a chain's first `<`).
                let loaded = match cond {
                    Expr::Compare(first, rest) => {
                        **first == *e || rest.first().is_some_and(|(_, operand)| operand == e)
                    }
                    _ => false,
                };
                self.arrays[*array]
                    .as_ref()
                    .is_some_and(|a| a.ty.list.is_none())
                    && index
                        .iter()
                        .all(|i| matches!(i, Expr::Var(_) | Expr::Int(_)))
                    && (loaded || self.access_bases.contains_key(&index.as_ptr()))
            }
            _ => false,
        }
    }

    /// The numpy flag of a value as an i8 (constant when its type is not mixed).
    pub(super) fn numpy_flag(&mut self, v: &Val) -> Value {
        match v.numpy {
            Some(flag) => flag,
            None => self.flag(v.ty.ty.is_numpy()),
        }
    }

    /// The numpy flag of a mixed result of `a op b`, as a function of the operands'
    /// flags: `rule` gives the result type for each pair of operand types.
    pub(super) fn result_flag(
        &mut self,
        ty: ScalarTy,
        a: &Val,
        b: &Val,
        rule: impl Fn(Scalar, Scalar) -> Option<Scalar>,
    ) -> Option<Value> {
        if !ty.mixed {
            return None;
        }
        // numpy-ness of the result for each (a is numpy, b is numpy).
        let mut table = [[None; 2]; 2];
        for x in a.ty.variants() {
            for y in b.ty.variants() {
                table[x.is_numpy() as usize][y.is_numpy() as usize] =
                    rule(x, y).map(|r| r.is_numpy());
            }
        }
        let fa = self.numpy_flag(a);
        let fb = self.numpy_flag(b);
        let entry = |i: usize, j: usize| table[i][j];
        // The result follows a, b, or either, over the combinations that occur.
        let follows = |f: &dyn Fn(usize, usize) -> bool| {
            (0..2).all(|i| (0..2).all(|j| entry(i, j).is_none_or(|r| r == f(i, j))))
        };
        Some(if follows(&|i, _| i == 1) {
            fa
        } else if follows(&|_, j| j == 1) {
            fb
        } else {
            self.b.ins().bor(fa, fb)
        })
    }

    pub(super) fn scalar(&mut self, e: &Expr) -> Result<Val> {
        let ty = self.typing.scalar(e)?;
        Ok(match e {
            Expr::Int(i) => {
                let v = self.iconst(*i);
                self.exact(Scalar::Int, v)
            }
            Expr::Float(f) => {
                let v = self.b.ins().f64const(*f);
                self.exact(Scalar::Float, v)
            }
            Expr::Bool(b) => {
                let v = self.iconst(*b as i64);
                self.exact(Scalar::Bool, v)
            }
            Expr::Var(var) => self.read_var(*var),
            Expr::Binary(op, a, b) => {
                let a = self.scalar(a)?;
                let b = self.scalar(b)?;
                self.binary(*op, a, b)?
            }
            Expr::Unary(op, a) => self.unary(*op, a, ty)?,
            Expr::Compare(first, rest) => {
                if rest.len() > 1 && ty.mixed {
                    return Err("a chained comparison of numpy and Python values".into());
                }
                let flag = if ty.mixed {
                    let a = self.scalar(first)?;
                    let b = self.scalar(&rest[0].1)?;
                    let flag =
                        self.result_flag(ty, &a, &b, |x, y| Some(crate::types::comparison(x, y)));
                    let c = self.compare(rest[0].0, &a, &b)?;
                    let v = self.b.ins().uextend(types::I64, c);
                    return Ok(self.val(ty, v, flag));
                } else {
                    None
                };
                let c = self.compare_chain(first, rest)?;
                let v = self.b.ins().uextend(types::I64, c);
                self.val(ty, v, flag)
            }
            Expr::Logic(op, values) => self.logic_value(*op, values, ty)?,
            Expr::IfExp(cond, a, b) if self.eager_arm(a, cond) && self.eager_arm(b, cond) => {
                // Both arms computed, one selected: no branch for the data to
                // mispredict (`select_stores`' `d[i, j] = alt if alt < d[i, j] else
                // d[i, j]`). Neither can fail or compute a float.
                let outer = self.loaded_here.replace(Vec::new());
                let values = self
                    .truth(cond)
                    .and_then(|c| Ok((c, self.scalar(a)?, self.scalar(b)?)));
                self.loaded_here = outer;
                let (c, va, vb) = values?;
                let (fa, fb) = (self.numpy_flag(&va), self.numpy_flag(&vb));
                let (ha, hb) = (self.storage(&va, ty), self.storage(&vb, ty));
                let v = self.b.ins().select(c, ha, hb);
                let flag = ty.mixed.then(|| self.b.ins().select(c, fa, fb));
                self.val(ty, v, flag)
            }
            Expr::IfExp(cond, a, b) => {
                let c = self.truth(cond)?;
                // The condition's numpy floats are tested before the branch: each
                // branch flushes only what it computed itself.
                self.flush_floats();
                let then_block = self.b.create_block();
                let else_block = self.b.create_block();
                let join = self.b.create_block();
                let result = self.b.append_block_param(join, self.machine(ty));
                let flag = self.b.append_block_param(join, types::I8);
                self.b.ins().brif(c, then_block, &[], else_block, &[]);
                for (block, e) in [(then_block, a), (else_block, b)] {
                    self.b.switch_to_block(block);
                    let v = self.scalar(e)?;
                    let f = self.numpy_flag(&v);
                    let held = self.storage(&v, ty);
                    self.flush_floats();
                    self.b
                        .ins()
                        .jump(join, &[BlockArg::Value(held), BlockArg::Value(f)]);
                }
                self.b.switch_to_block(join);
                self.val(ty, result, ty.mixed.then_some(flag))
            }
            Expr::Load(array, index) => {
                let ty = self.arrays[*array].as_ref().unwrap().ty;
                if let Some(elements) = ty.list {
                    let mut at = Vec::with_capacity(index.len());
                    for i in index {
                        at.push(self.scalar(i)?.v);
                    }
                    if elements == crate::types::Elements::Attribute {
                        return Ok(self.attribute_item(*array, at[0], ty.dtype));
                    }
                    return Ok(self.list_item(*array, &at, elements, ty.dtype));
                }
                if let Some(v) = self.forwarded_load(*array, index) {
                    return Ok(v);
                }
                if let Some((_, v)) = self
                    .loaded_here
                    .as_ref()
                    .and_then(|loaded| loaded.iter().find(|(l, _)| l == e))
                {
                    return Ok(*v);
                }
                let address = self.element_address(*array, index)?;
                // Only where every subscript is proven: a pure load may be hoisted
                // above the checks that guard it, to an address that is not an element.
                let constant = self.constant_arrays.contains(array)
                    && self.access_bases.contains_key(&index.as_ptr());
                let mut v = self.load_element(address, ty.dtype, constant);
                if ty.copied {
                    // A copied list's numbers are Python's (`crate::list_copies`).
                    v = self.exact(crate::types::copied_item(ty.dtype), v.v);
                }
                if let Some(loaded) = &mut self.loaded_here {
                    loaded.push((e.clone(), v));
                }
                v
            }
            Expr::Shape(array, axis) => {
                let a = self.arrays[*array].as_ref().expect("typed as an array");
                let axis = if *axis < 0 {
                    a.shape.len() as i64 + axis
                } else {
                    *axis
                };
                let v = a.shape[axis as usize];
                self.exact(Scalar::Int, v)
            }
            Expr::Slice(_) | Expr::NewAxis | Expr::MatMul(..) => {
                unreachable!("typing refuses a slice outside a view, and `@` but of views")
            }
            Expr::Dot(views, len) => self.dot(views, len)?,
            Expr::Sum(view, len) => self.sum(view, len)?,
            Expr::Reduce(..) => unreachable!("typing refuses a reduction scalarise left"),
            Expr::Len(array) => {
                let a = self.arrays[*array].as_ref().expect("typed as an array");
                // A column's length is its list's, which nothing changes meanwhile.
                let v = match a.ty.list {
                    Some(crate::types::Elements::Attribute) | None => a.shape[0],
                    Some(_) => self.list_len(*array),
                };
                self.exact(Scalar::Int, v)
            }
            Expr::Call(f, args) => self.call(*f, args, ty)?,
            Expr::Inline(inl) => {
                for (param, arg) in &inl.params {
                    match (arg, self.typing.expr(arg)?) {
                        (Expr::Var(v), crate::infer::ExprTy::Array(_)) => {
                            self.arrays[*param] = self.arrays[*v].clone();
                        }
                        (_, crate::infer::ExprTy::Array(_)) => {
                            return Err("an array expression as an argument".into());
                        }
                        _ => {
                            let v = self.scalar(arg)?;
                            self.assign(*param, v);
                        }
                    }
                }
                // A `return` in the body (inside its loops) ends it here.
                let done = self.b.create_block();
                self.inline_returns.push(done);
                self.inlining += 1;
                let body = inl.body.iter().try_for_each(|stmt| self.stmt(stmt));
                self.inlining -= 1;
                self.inline_returns.pop();
                body?;
                self.b.ins().jump(done, &[]);
                self.b.switch_to_block(done);
                let result = self.scalar(&inl.result)?;
                // The result's static type is the expression's (the join the typing made).
                self.coerce_flag(result, ty)
            }
            Expr::CallUser(name, _) => return Err(format!("`{name}()` is not inlined")),
            Expr::Unpack(..) => return Err("a call whose tuple is unpacked is not inlined".into()),
            Expr::Tuple(_) => return Err("a tuple as a value stays interpreted".into()),
        })
    }

    /// A value in the (possibly mixed) static type `ty` of the expression it is.
    pub(super) fn coerce_flag(&mut self, v: Val, ty: ScalarTy) -> Val {
        let held = self.storage(&v, ty);
        if ty.mixed && v.numpy.is_none() {
            let flag = self.numpy_flag(&v);
            return self.val(ty, held, Some(flag));
        }
        self.val(ty, held, v.numpy)
    }

    pub(super) fn machine(&self, ty: ScalarTy) -> cranelift_codegen::ir::Type {
        super::machine_type(ty.machine())
    }

    pub(super) fn read_var(&mut self, var: Var) -> Val {
        let slots = self.vars[var].expect("typed as a scalar");
        if let Some(bound) = slots.bound
            && !self.bound_loop_vars.contains(&var)
        {
            // Unbound here: the interpreter raises the NameError.
            let b = self.b.use_var(bound);
            let unbound = self.b.ins().icmp_imm_s(IntCC::Equal, b, 0);
            self.deopt_if(unbound);
        }
        let v = self.b.use_var(slots.value);
        let numpy = slots.numpy.map(|f| self.b.use_var(f));
        self.val(slots.ty, v, numpy)
    }

    /// A value as a double, leaving for the interpreter when an integer is too large to
    /// convert exactly (`limit`).
    pub(super) fn exact_f64(&mut self, v: &Val, limit: i64) -> Value {
        match v.ty.machine() {
            Machine::F64 => v.v,
            Machine::F32 => self.b.ins().fpromote(types::F64, v.v),
            Machine::I64 => {
                self.check_magnitude(v.v, limit);
                self.b.ins().fcvt_from_sint(types::F64, v.v)
            }
        }
    }

    pub(super) fn check_magnitude(&mut self, v: Value, limit: i64) {
        let biased = self.b.ins().iadd_imm_s(v, limit);
        let outside = self
            .b
            .ins()
            .icmp_imm_s(IntCC::UnsignedGreaterThan, biased, 2 * limit);
        self.deopt_if(outside);
    }

    /// A value converted to a float machine type (`F64` or `F32`) as numpy or Python
    /// would convert it for arithmetic.
    pub(super) fn convert_float(&mut self, v: &Val, m: Machine) -> Value {
        let ty = super::machine_type(m);
        match (v.ty.machine(), m) {
            (Machine::I64, _) => self.b.ins().fcvt_from_sint(ty, v.v),
            (Machine::F32, Machine::F64) => self.b.ins().fpromote(types::F64, v.v),
            (Machine::F64, Machine::F32) => {
                // numpy warns of a cast that overflows (`1e300` met by a float32): an
                // operation of the statement for `settle_float_flags`'s test.
                let narrow = self.b.ins().fdemote(types::F32, v.v);
                self.record_float_op(&[v.v], narrow);
                narrow
            }
            _ => v.v,
        }
    }

    /// Checks an integer fits the dtype of a numpy result; numpy would warn (or, for a
    /// Python int operand, raise), so the interpreter takes it.
    pub(super) fn check_range(&mut self, v: Value, ty: ScalarTy) {
        let Scalar::Np(d) = ty.ty else { return };
        if !d.is_int() || d == Dtype::I64 {
            return;
        }
        let (lo, hi) = d.int_range();
        let biased = self.b.ins().iadd_imm_s(v, -lo);
        let outside = self
            .b
            .ins()
            .icmp_imm_s(IntCC::UnsignedGreaterThan, biased, hi - lo);
        self.deopt_if(outside);
    }

    pub(super) fn binary(&mut self, op: BinOp, a: Val, b: Val) -> Result<Val> {
        let ty = self.typing.binary(op, a.ty, b.ty)?;
        let flag = self.result_flag(ty, &a, &b, |x, y| crate::infer::binary_result(op, x, y));
        match ty.machine() {
            Machine::I64 => {
                // A Python int meeting a small numpy int must fit its dtype (NEP 50).
                for operand in [&a, &b] {
                    if !operand.ty.ty.is_numpy() {
                        self.check_range(operand.v, ty);
                    }
                }
                let v = self.int_binary(op, a.v, b.v, ty)?;
                self.check_range(v, ty);
                Ok(self.val(ty, v, flag))
            }
            m => {
                let numpy = ty.variants().iter().any(|t| t.is_numpy());
                if op == BinOp::Div
                    && a.ty.machine() == Machine::I64
                    && b.ty.machine() == Machine::I64
                {
                    // Python's int / int is correctly rounded: exact below 2^53.
                    self.check_magnitude(a.v, EXACT_IN_F64);
                    self.check_magnitude(b.v, EXACT_IN_F64);
                }
                let x = self.convert_float(&a, m);
                let y = self.convert_float(&b, m);
                // Under the hardware's flags a numpy division by zero raises divide
                // (or invalid, for 0 / 0) itself; a Python float's must raise.
                let by_hardware =
                    self.floats_by_hardware() && ty.variants().iter().all(|t| t.is_numpy());
                let mut v = self.float_binary(op, x, y, m, numpy, by_hardware)?;
                if op == BinOp::Div
                    && a.ty.machine() == Machine::I64
                    && b.ty.machine() == Machine::I64
                    && ty.variants().contains(&Scalar::Float)
                {
                    // The interpreter divides Python ints exactly as rationals: 0 / -3
                    // is +0.0 there, where the double division gives -0.0.
                    let zero = self.b.ins().icmp_imm_s(IntCC::Equal, a.v, 0);
                    let fa = self.numpy_flag(&a);
                    let fb = self.numpy_flag(&b);
                    let numpy_op = self.b.ins().bor(fa, fb);
                    let python_zero = self.b.ins().band_not(zero, numpy_op);
                    let plus_zero = self.b.ins().f64const(0.0);
                    v = self.b.ins().select(python_zero, plus_zero, v);
                }
                Ok(self.val(ty, v, flag))
            }
        }
    }

    pub(super) fn int_binary(
        &mut self,
        op: BinOp,
        a: Value,
        b: Value,
        ty: ScalarTy,
    ) -> Result<Value> {
        Ok(match op {
            BinOp::Add | BinOp::Sub | BinOp::Mul => {
                let (v, overflow) = match op {
                    BinOp::Add => self.b.ins().sadd_overflow(a, b),
                    BinOp::Sub => self.b.ins().ssub_overflow(a, b),
                    _ => self.b.ins().smul_overflow(a, b),
                };
                self.deopt_if(overflow);
                v
            }
            BinOp::FloorDiv | BinOp::Mod => {
                let divisor = self.constant(b);
                // By a power of two, Python's flooring division is an arithmetic shift
                // and its remainder the low bits, negative dividends included.
                if let Some(c) = divisor
                    && c > 0
                    && (c as u64).is_power_of_two()
                {
                    return Ok(if op == BinOp::FloorDiv {
                        self.b.ins().sshr_imm_s(a, i64::from(c.trailing_zeros()))
                    } else {
                        self.b.ins().band_imm_s(a, c - 1)
                    });
                }
                // A positive constant divisor is neither zero nor -1.
                if divisor.is_none_or(|c| c <= 0) {
                    let zero = self.b.ins().icmp_imm_s(IntCC::Equal, b, 0);
                    self.deopt_if(zero);
                    let min = self.b.ins().icmp_imm_s(IntCC::Equal, a, i64::MIN);
                    let minus_one = self.b.ins().icmp_imm_s(IntCC::Equal, b, -1);
                    let overflow = self.b.ins().band(min, minus_one);
                    self.deopt_if(overflow);
                }
                // One division: the remainder of a quotient from it by a multiply, the
                // quotient of a remainder never computed (a division the CPU does not
                // drop, for it could trap).
                let (q, r) = if op == BinOp::FloorDiv {
                    let q = self.b.ins().sdiv(a, b);
                    let qb = self.b.ins().imul(q, b);
                    (Some(q), self.b.ins().isub(a, qb))
                } else {
                    (None, self.b.ins().srem(a, b))
                };
                // Python rounds toward negative infinity: fix C's truncation when the
                // remainder and the divisor differ in sign.
                let nonzero = self.b.ins().icmp_imm_s(IntCC::NotEqual, r, 0);
                let signs = self.b.ins().bxor(r, b);
                let differ = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, signs, 0);
                let fix = self.b.ins().band(nonzero, differ);
                match q {
                    Some(q) => {
                        let q1 = self.b.ins().iadd_imm_s(q, -1);
                        self.b.ins().select(fix, q1, q)
                    }
                    None => {
                        let r1 = self.b.ins().iadd(r, b);
                        self.b.ins().select(fix, r1, r)
                    }
                }
            }
            BinOp::Pow => {
                let f = self.helper(
                    "kiln_int_pow",
                    &[types::I64, types::I64, self.pointer],
                    types::I64,
                );
                let status = self
                    .b
                    .ins()
                    .iadd_imm_s(self.frame, Self::slot_offset(crate::frame::STATUS) as i64);
                let call = self.b.ins().call(f, &[a, b, status]);
                let r = self.b.inst_results(call)[0];
                let s = self.load_slot(types::I64, crate::frame::STATUS);
                let failed = self.b.ins().icmp_imm_s(IntCC::NotEqual, s, 0);
                self.deopt_if(failed);
                r
            }
            BinOp::BitAnd => self.b.ins().band(a, b),
            BinOp::BitOr => self.b.ins().bor(a, b),
            BinOp::BitXor => self.b.ins().bxor(a, b),
            BinOp::LShift => {
                let bad = self.b.ins().icmp_imm_s(IntCC::UnsignedGreaterThan, b, 62);
                self.deopt_if(bad);
                let v = self.b.ins().ishl(a, b);
                let back = self.b.ins().sshr(v, b);
                let lost = self.b.ins().icmp(IntCC::NotEqual, back, a);
                self.deopt_if(lost);
                v
            }
            BinOp::RShift => {
                let negative = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, b, 0);
                self.deopt_if(negative);
                let cap = self.iconst(63);
                let big = self.b.ins().icmp_imm_s(IntCC::SignedGreaterThan, b, 63);
                let shift = self.b.ins().select(big, cap, b);
                self.b.ins().sshr(a, shift)
            }
            BinOp::Div => unreachable!("true division gives a float ({ty:?})"),
        })
    }

    pub(super) fn float_binary(
        &mut self,
        op: BinOp,
        x: Value,
        y: Value,
        m: Machine,
        numpy: bool,
        by_hardware: bool,
    ) -> Result<Value> {
        let (mut x, mut y) = (x, y);
        let arithmetic = matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div);
        if numpy && arithmetic && self.floats_by_hardware() {
            let mut operands = [x, y];
            self.keep_raising(&mut operands, |c| match op {
                BinOp::Add => c[0] + c[1],
                BinOp::Sub => c[0] - c[1],
                BinOp::Mul => c[0] * c[1],
                _ => c[0] / c[1],
            });
            [x, y] = operands;
        }
        let zero = match m {
            Machine::F32 => self.b.ins().f32const(0.0),
            _ => self.b.ins().f64const(0.0),
        };
        let v = match op {
            BinOp::Add => self.b.ins().fadd(x, y),
            BinOp::Sub => self.b.ins().fsub(x, y),
            BinOp::Mul => self.b.ins().fmul(x, y),
            BinOp::Div => {
                // Python raises ZeroDivisionError, numpy warns: the interpreter decides.
                if !by_hardware {
                    let z = self.b.ins().fcmp(FloatCC::Equal, y, zero);
                    self.deopt_if(z);
                }
                self.b.ins().fdiv(x, y)
            }
            BinOp::FloorDiv | BinOp::Mod | BinOp::Pow => {
                if numpy && op != BinOp::Pow {
                    return Err("`//` and `%` of numpy floats stay interpreted".into());
                }
                if m == Machine::F32 {
                    return Err("`**` of float32 stays interpreted".into());
                }
                if op != BinOp::Pow {
                    let z = self.b.ins().fcmp(FloatCC::Equal, y, zero);
                    self.deopt_if(z);
                }
                let name = match op {
                    BinOp::FloorDiv => "kiln_float_floordiv",
                    BinOp::Mod => "kiln_float_mod",
                    _ => "kiln_float_pow",
                };
                return Ok(self.call_checked(name, &[x, y], types::F64));
            }
            _ => return Err(format!("{op:?} of floats")),
        };
        if numpy && !self.floats_by_hardware() {
            // inf and NaN carry through `+`, `-`, `*` and the numerator of `/`: a result
            // that is finite proves those operands were, so only the result is checked.
            // A divisor is checked itself (`x / inf` is 0).
            let carried = |p: Value| p == x || (op != BinOp::Div && p == y);
            self.pending_floats.retain(|&p| !carried(p));
            self.pending_floats.push(v);
            self.record_float_op(&[x, y], v);
        }
        Ok(v)
    }

    pub(super) fn unary(&mut self, op: UnaryOp, a: &Expr, ty: ScalarTy) -> Result<Val> {
        if op == UnaryOp::Not {
            let t = self.truth(a)?;
            let v = self.b.ins().bxor_imm_s(t, 1);
            let v = self.b.ins().uextend(types::I64, v);
            return Ok(self.exact(Scalar::Bool, v));
        }
        let a = self.scalar(a)?;
        let flag = ty.mixed.then(|| self.numpy_flag(&a));
        let v = match (op, a.ty.machine()) {
            (UnaryOp::Pos, _) => a.v,
            (UnaryOp::Neg, Machine::I64) => {
                let zero = self.iconst(0);
                let (v, overflow) = self.b.ins().ssub_overflow(zero, a.v);
                self.deopt_if(overflow);
                if let Scalar::Np(d) = ty.ty
                    && d.is_unsigned()
                {
                    // numpy wraps unsigned negation; the interpreter does it.
                    let nonzero = self.b.ins().icmp_imm_s(IntCC::NotEqual, a.v, 0);
                    self.deopt_if(nonzero);
                }
                self.check_range(v, ty);
                v
            }
            (UnaryOp::Neg, _) => self.b.ins().fneg(a.v),
            (UnaryOp::Invert, Machine::I64) => {
                let v = self.b.ins().bnot(a.v);
                match ty.ty {
                    Scalar::Np(d) if d.is_unsigned() => self.b.ins().band_imm_s(v, d.int_range().1),
                    _ => v,
                }
            }
            _ => return Err(format!("{op:?} of {}", a.ty.describe())),
        };
        Ok(self.val(ty, v, flag))
    }

    pub(super) fn logic_value(
        &mut self,
        op: LogicOp,
        values: &[Expr],
        ty: ScalarTy,
    ) -> Result<Val> {
        let join = self.b.create_block();
        let result = self.b.append_block_param(join, self.machine(ty));
        let flag = self.b.append_block_param(join, types::I8);
        for (k, value) in values.iter().enumerate() {
            let v = self.scalar(value)?;
            let f = self.numpy_flag(&v);
            let held = self.storage(&v, ty);
            self.flush_floats();
            let args = [BlockArg::Value(held), BlockArg::Value(f)];
            if k + 1 == values.len() {
                self.b.ins().jump(join, &args);
            } else {
                let t = self.truth_of(&v);
                let next = self.b.create_block();
                match op {
                    LogicOp::And => self.b.ins().brif(t, next, &[], join, &args),
                    LogicOp::Or => self.b.ins().brif(t, join, &args, next, &[]),
                };
                self.b.switch_to_block(next);
            }
        }
        self.b.switch_to_block(join);
        Ok(self.val(ty, result, ty.mixed.then_some(flag)))
    }

    /// A number as a Python int, an integer as it is and a float rounded as `rounding`
    /// says, leaving for the interpreter when the float is NaN, infinite or beyond 64
    /// bits.
    pub(super) fn python_int(&mut self, v: &Val, rounding: Rounding) -> Value {
        if v.ty.machine() == Machine::I64 {
            return v.v;
        }
        let x = self.convert_float(v, Machine::F64);
        let f = match rounding {
            Rounding::Floor => self.b.ins().floor(x),
            Rounding::Ceil => self.b.ins().ceil(x),
            Rounding::Trunc => self.b.ins().trunc(x),
            Rounding::Nearest => self.b.ins().nearest(x),
        };
        let lo = self.b.ins().f64const(i64::MIN as f64);
        let hi = self.b.ins().f64const(-(i64::MIN as f64));
        let ge = self.b.ins().fcmp(FloatCC::GreaterThanOrEqual, f, lo);
        let lt = self.b.ins().fcmp(FloatCC::LessThan, f, hi);
        let inside = self.b.ins().band(ge, lt);
        let outside = self.b.ins().bxor_imm_s(inside, 1);
        self.deopt_if(outside);
        self.b.ins().fcvt_to_sint(types::I64, f)
    }
}
