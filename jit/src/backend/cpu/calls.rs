//! Calls of the intrinsics: the `math` functions (inline where the instruction is the
//! function, else the interpreter's own pymath code through `runtime`), and `abs`,
//! `min`, `max`, `int`, `float`, `bool`, `round` with Python's rules.

use super::expr::Rounding;
use super::{Gen, Val};
use crate::ir::{CmpOp, Expr, Intrinsic, MathFn};
use crate::types::{Dtype, Machine, Scalar, ScalarTy};
use cranelift_codegen::ir::{
    InstBuilder, Value,
    condcodes::{FloatCC, IntCC},
    types,
};

type Result<T> = std::result::Result<T, String>;

impl Gen<'_, '_> {
    pub(super) fn call(&mut self, f: Intrinsic, args: &[Expr], ty: ScalarTy) -> Result<Val> {
        match f {
            Intrinsic::Scratch(var) => return self.scratch(var, args),
            Intrinsic::Gemm => return self.gemm(args),
            Intrinsic::Contiguous(var) => return Ok(self.contiguous(var)),
            Intrinsic::Zeroed(var) => return Ok(self.zeroed(var)),
            Intrinsic::ListAppend => return self.list_append(args),
            Intrinsic::RowLen => return self.row_len(args),
            Intrinsic::RowList(over) => return self.row_list(over, args),
            Intrinsic::ItemIndex => return self.item_index(args),
            Intrinsic::Random => {
                // Fails (no generator was set) before it draws: the hand-back is clean.
                self.one_thread = true;
                let v = self.call_checked(crate::runtime::RANDOM_SYMBOL, &[], types::F64);
                return Ok(self.exact(Scalar::Float, v));
            }
            Intrinsic::RandInt => {
                // `a + _randbelow(b - a + 1)`: an overflow, or `b < a`, hands back before
                // the draw (the helper fails too where it has no generator); the sum
                // is at most `b`.
                let a = self.scalar(&args[0])?.v;
                let b = self.scalar(&args[1])?.v;
                let (span, over) = self.b.ins().ssub_overflow(b, a);
                self.deopt_if(over);
                let one = self.iconst(1);
                let (width, over) = self.b.ins().sadd_overflow(span, one);
                self.deopt_if(over);
                let empty = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, width, 1);
                self.deopt_if(empty);
                self.one_thread = true;
                let r = self.call_checked(crate::runtime::RANDBELOW_SYMBOL, &[width], types::I64);
                let v = self.b.ins().iadd(a, r);
                return Ok(self.exact(Scalar::Int, v));
            }
            // With the standard library's operations, so its bits: what can fail (an
            // overflow of `b - a`) comes before the draw.
            Intrinsic::Uniform => {
                let a = self.scalar(&args[0])?;
                let b = self.scalar(&args[1])?;
                let span = self.binary(crate::ir::BinOp::Sub, b, a)?;
                self.one_thread = true;
                let r = self.call_checked(crate::runtime::RANDOM_SYMBOL, &[], types::F64);
                let r = self.exact(Scalar::Float, r);
                let scaled = self.binary(crate::ir::BinOp::Mul, span, r)?;
                return self.binary(crate::ir::BinOp::Add, a, scaled);
            }
            Intrinsic::Gauss => {
                let mu = self.scalar(&args[0])?;
                let sigma = self.scalar(&args[1])?;
                self.one_thread = true;
                let z = self.call_checked(crate::runtime::GAUSS_SYMBOL, &[], types::F64);
                let z = self.exact(Scalar::Float, z);
                let scaled = self.binary(crate::ir::BinOp::Mul, z, sigma)?;
                return self.binary(crate::ir::BinOp::Add, mu, scaled);
            }
            Intrinsic::ClearFpFlags
            | Intrinsic::CheckFpFlags
            | Intrinsic::FpRaised
            | Intrinsic::NoteFp(_) => return Ok(self.fp_flags(f)),
            _ => {}
        }
        let vals = args
            .iter()
            .map(|a| self.scalar(a))
            .collect::<Result<Vec<_>>>()?;
        let a = vals[0];
        let float_arg = |g: &mut Self, v: &Val| g.convert_float(v, Machine::F64);
        Ok(match f {
            Intrinsic::Math(m) => match m {
                MathFn::Floor | MathFn::Ceil => {
                    let rounding = if m == MathFn::Floor {
                        Rounding::Floor
                    } else {
                        Rounding::Ceil
                    };
                    let v = self.python_int(&a, rounding);
                    self.exact(Scalar::Int, v)
                }
                MathFn::Isnan | MathFn::Isinf => {
                    let x = float_arg(self, &a);
                    let test = if m == MathFn::Isnan {
                        crate::ir::NpTest::IsNan
                    } else {
                        crate::ir::NpTest::IsInf
                    };
                    let c = self.float_test(test, x);
                    let v = self.b.ins().uextend(types::I64, c);
                    self.exact(Scalar::Bool, v)
                }
                MathFn::Sqrt => {
                    let x = float_arg(self, &a);
                    let zero = self.b.ins().f64const(0.0);
                    let negative = self.b.ins().fcmp(FloatCC::LessThan, x, zero);
                    self.deopt_if(negative);
                    let v = self.b.ins().sqrt(x);
                    self.exact(Scalar::Float, v)
                }
                MathFn::Fabs => {
                    let x = float_arg(self, &a);
                    let v = self.b.ins().fabs(x);
                    self.exact(Scalar::Float, v)
                }
                _ if libm_symbol(m).is_some() => {
                    let x = float_arg(self, &a);
                    let v = self.call_libm(m, x);
                    self.exact(Scalar::Float, v)
                }
                _ => {
                    let x = float_arg(self, &a);
                    let y = match vals.get(1) {
                        Some(b) => float_arg(self, b),
                        None => self.b.ins().f64const(0.0),
                    };
                    let v = self.call_checked(math_symbol(m), &[x, y], types::F64);
                    self.exact(Scalar::Float, v)
                }
            },
            Intrinsic::Abs => {
                let flag = ty.mixed.then(|| self.numpy_flag(&a));
                let v = match a.ty.machine() {
                    Machine::I64 => {
                        let min = self.b.ins().icmp_imm_s(IntCC::Equal, a.v, i64::MIN);
                        self.deopt_if(min);
                        let v = self.b.ins().iabs(a.v);
                        self.check_range(v, ty);
                        v
                    }
                    _ => self.b.ins().fabs(a.v),
                };
                self.val(ty, v, flag)
            }
            Intrinsic::Min | Intrinsic::Max => {
                let first = self.storage(&a, ty);
                let mut r = self.val(ty, first, a.numpy);
                let mut flag = ty.mixed.then(|| self.numpy_flag(&a));
                for x in &vals[1..] {
                    // Python keeps the first of equal values and skips NaN comparisons.
                    let op = if f == Intrinsic::Min {
                        CmpOp::Lt
                    } else {
                        CmpOp::Gt
                    };
                    let better = self.compare(op, x, &r)?;
                    let (xv, rv) = (self.storage(x, ty), self.storage(&r, ty));
                    let v = self.b.ins().select(better, xv, rv);
                    if let Some(old) = flag {
                        let xf = self.numpy_flag(x);
                        flag = Some(self.b.ins().select(better, xf, old));
                    }
                    r = self.val(ty, v, None);
                }
                self.val(ty, r.v, flag)
            }
            Intrinsic::Int | Intrinsic::Round => {
                let rounding = if f == Intrinsic::Int {
                    Rounding::Trunc
                } else {
                    Rounding::Nearest
                };
                let v = self.python_int(&a, rounding);
                self.exact(Scalar::Int, v)
            }
            Intrinsic::Float => {
                let v = float_arg(self, &a);
                self.exact(Scalar::Float, v)
            }
            Intrinsic::Bool => {
                let t = self.truth_of(&a);
                let v = self.b.ins().uextend(types::I64, t);
                self.exact(Scalar::Bool, v)
            }
            Intrinsic::Scratch(_)
            | Intrinsic::ClearFpFlags
            | Intrinsic::CheckFpFlags
            | Intrinsic::FpRaised
            | Intrinsic::NoteFp(_)
            | Intrinsic::Copy
            | Intrinsic::NewArray(_)
            | Intrinsic::Gemm
            | Intrinsic::Contiguous(_)
            | Intrinsic::Zeroed(_)
            | Intrinsic::Where => {
                unreachable!("handled above, or refused by typing")
            }
            Intrinsic::Select => {
                let c = self.truth_of(&a);
                let convert = |g: &mut Self, v: &Val| match ty.machine() {
                    Machine::I64 => v.v,
                    m => g.convert_float(v, m),
                };
                let (x, y) = (convert(self, &vals[1]), convert(self, &vals[2]));
                // numpy computes both operands whatever the condition: under the CPU's
                // flags, the one a constant condition leaves unused must still be
                // computed (Cranelift would drop it, and the warning it raises).
                if self.floats_by_hardware() && ty.machine() != Machine::I64 {
                    self.sink_value(x);
                    self.sink_value(y);
                }
                let v = self.b.ins().select(c, x, y);
                self.val(ty, v, None)
            }
            Intrinsic::Ufunc(u) => {
                let f32_result = ty.machine() == Machine::F32;
                let (m, t, name) = if f32_result {
                    (Machine::F32, types::F32, "kiln_ufunc_f32")
                } else {
                    (Machine::F64, types::F64, "kiln_ufunc_f64")
                };
                let mut x = self.convert_float(&a, m);
                if u == crate::ir::Ufunc::Sqrt && self.floats_by_hardware() {
                    let mut operand = [x];
                    self.keep_raising(&mut operand, |c| c[0].sqrt());
                    x = operand[0];
                }
                // Those IEEE 754 defines exactly (the same bits as the Rust method the
                // interpreter calls) are one instruction: no call, whose clobbered
                // float registers would spill the loop's values around it.
                let v = match u {
                    crate::ir::Ufunc::Sqrt => self.b.ins().sqrt(x),
                    crate::ir::Ufunc::Absolute | crate::ir::Ufunc::Fabs => self.b.ins().fabs(x),
                    crate::ir::Ufunc::Floor => self.b.ins().floor(x),
                    crate::ir::Ufunc::Ceil => self.b.ins().ceil(x),
                    crate::ir::Ufunc::Trunc => self.b.ins().trunc(x),
                    _ => {
                        let index = crate::ir::Ufunc::ALL
                            .iter()
                            .position(|x| *x == u)
                            .expect("listed") as i64;
                        let which = self.iconst(index);
                        let f = self.helper(name, &[types::I64, t], t);
                        let call = self.b.ins().call(f, &[which, x]);
                        self.b.inst_results(call)[0]
                    }
                };
                // A non-finite result is numpy's to warn about: the interpreter's
                // (unless the hardware's flags say whether numpy would).
                if !self.floats_by_hardware() {
                    self.pending_floats.push(v);
                    self.record_float_op(&[x], v);
                }
                self.val(ty, v, None)
            }
            Intrinsic::NpScalar(d) => self.np_scalar(d, &a),
            Intrinsic::NpTest(test) => self.np_test(test, &a),
            Intrinsic::BinaryUfunc(u) => {
                let x = float_arg(self, &a);
                let y = float_arg(self, &vals[1]);
                let index = crate::ir::BinaryUfunc::ALL
                    .iter()
                    .position(|b| *b == u)
                    .expect("listed") as i64;
                let which = self.iconst(index);
                let f = self.helper(
                    "kiln_binary_ufunc",
                    &[types::I64, types::F64, types::F64],
                    types::F64,
                );
                let call = self.b.ins().call(f, &[which, x, y]);
                let v = self.b.inst_results(call)[0];
                self.exact(Scalar::Np(crate::types::Dtype::F64), v)
            }
            Intrinsic::Maximum | Intrinsic::Minimum => {
                // numpy's: `a if isnan(a) or a > b else b` (`<` for minimum).
                let b = vals[1];
                let (x, y) = (self.storage(&a, ty), self.storage(&b, ty));
                let (xv, yv) = (self.val(ty, x, None), self.val(ty, y, None));
                let nan = self.compare(CmpOp::Ne, &xv, &xv)?;
                let op = if f == Intrinsic::Maximum {
                    CmpOp::Gt
                } else {
                    CmpOp::Lt
                };
                let better = self.compare(op, &xv, &yv)?;
                let pick = self.b.ins().bor(nan, better);
                let v = self.b.ins().select(pick, x, y);
                self.val(ty, v, None)
            }
            Intrinsic::Axes(_) => a,
            Intrinsic::IsNumpy => {
                let flag = self.numpy_flag(&a);
                let v = self.b.ins().uextend(types::I64, flag);
                self.exact(Scalar::Bool, v)
            }
            Intrinsic::Hypot => {
                // The value is hypot's; the type (a Python float or an np.float64, or
                // either) is the first part's, flag included.
                let x = float_arg(self, &a);
                let y = float_arg(self, &vals[1]);
                let f = self.helper("kiln_complex_abs", &[types::F64, types::F64], types::F64);
                let call = self.b.ins().call(f, &[x, y]);
                let v = self.b.inst_results(call)[0];
                let abs = self.b.ins().fabs(v);
                let inf = self.b.ins().f64const(f64::INFINITY);
                let infinite = self.b.ins().fcmp(FloatCC::Equal, abs, inf);
                self.deopt_if(infinite);
                self.val(ty, v, a.numpy)
            }
            Intrinsic::Complex
            | Intrinsic::Real
            | Intrinsic::Imag
            | Intrinsic::Conjugate
            | Intrinsic::NpConj => unreachable!("`crate::complex` replaces {f:?}"),
            Intrinsic::ListAppend
            | Intrinsic::Random
            | Intrinsic::RandInt
            | Intrinsic::Uniform
            | Intrinsic::Gauss
            | Intrinsic::RowLen
            | Intrinsic::RowList(_)
            | Intrinsic::ItemIndex
            | Intrinsic::Is => {
                unreachable!("made above")
            }
            Intrinsic::Check => {
                let t = self.truth_of(&a);
                let fails = self.b.ins().icmp_imm_s(IntCC::Equal, t, 0);
                self.deopt_if(fails);
                let v = self.iconst(1);
                self.exact(Scalar::Bool, v)
            }
        })
    }
}

impl Gen<'_, '_> {
    /// [`Intrinsic::NpScalar`]: `a` as a numpy scalar of dtype `d`.
    fn np_scalar(&mut self, d: Dtype, a: &Val) -> Val {
        let ty = Scalar::Np(d);
        let v = match d {
            Dtype::F64 => self.convert_float(a, Machine::F64),
            Dtype::F32 => {
                if a.ty.machine() == Machine::I64 {
                    // Exactly a float32 below 2**24; numpy may round a bigger Python
                    // int through a double: the interpreter decides.
                    let limit = 1 << 24;
                    let biased = self.b.ins().iadd_imm_s(a.v, limit);
                    let outside =
                        self.b
                            .ins()
                            .icmp_imm_s(IntCC::UnsignedGreaterThan, biased, 2 * limit);
                    self.deopt_if(outside);
                    self.b.ins().fcvt_from_sint(types::F32, a.v)
                } else {
                    let x = self.convert_float(a, Machine::F32);
                    if a.ty.machine() == Machine::F64 {
                        // A finite double beyond float32's range: numpy's overflow
                        // warning, the interpreter's.
                        let wide = self.b.ins().fpromote(types::F64, x);
                        let inf = self.b.ins().f64const(f64::INFINITY);
                        let became = self.b.ins().fabs(wide);
                        let became_inf = self.b.ins().fcmp(FloatCC::Equal, became, inf);
                        let was = self.b.ins().fabs(a.v);
                        let was_finite = self.b.ins().fcmp(FloatCC::LessThan, was, inf);
                        let overflow = self.b.ins().band(became_inf, was_finite);
                        self.deopt_if(overflow);
                    }
                    x
                }
            }
            _ => {
                // An integer type: a float truncates (a non-finite or huge one hands
                // back), and a value outside the type's range hands back.
                let v = self.python_int(a, Rounding::Trunc);
                self.check_range(v, ScalarTy::exact(ty));
                v
            }
        };
        self.exact(ty, v)
    }

    /// A `math_1` function of pymath as a direct call of the C library's, where the
    /// argument and result show that pymath would not raise: a finite argument (for
    /// the logarithms, a positive one) and a finite result. Anything else (also an inf
    /// or NaN argument pymath would accept) hands the statement to the interpreter.
    fn call_libm(&mut self, m: MathFn, x: Value) -> Value {
        let name = libm_symbol(m).expect("a libm function");
        let inf = self.b.ins().f64const(f64::INFINITY);
        let below_inf = self.b.ins().fcmp(FloatCC::LessThan, x, inf);
        let logarithm = matches!(m, MathFn::Log | MathFn::Log10 | MathFn::Log2);
        let ok = if logarithm {
            let zero = self.b.ins().f64const(0.0);
            let positive = self.b.ins().fcmp(FloatCC::GreaterThan, x, zero);
            self.b.ins().band(positive, below_inf)
        } else {
            let minus_inf = self.b.ins().f64const(f64::NEG_INFINITY);
            let above = self.b.ins().fcmp(FloatCC::GreaterThan, x, minus_inf);
            self.b.ins().band(above, below_inf)
        };
        let bad = self.b.ins().bxor_imm_s(ok, 1);
        self.deopt_if(bad);
        let f = self.helper(name, &[types::F64], types::F64);
        let call = self.b.ins().call(f, &[x]);
        let r = self.b.inst_results(call)[0];
        if !logarithm {
            // The logarithm of a positive finite number is finite; exp and the others
            // overflow to inf, which pymath reports as an error.
            let d = self.b.ins().fsub(r, r);
            let not_finite = self.b.ins().fcmp(FloatCC::Unordered, d, d);
            self.deopt_if(not_finite);
        }
        r
    }
}

/// The C library function a `math` function is, where pymath calls it through
/// `math_1` (see `Gen::call_libm`).
fn libm_symbol(f: MathFn) -> Option<&'static str> {
    Some(match f {
        MathFn::Exp => "kiln_libm_exp",
        MathFn::Log => "kiln_libm_log",
        MathFn::Log10 => "kiln_libm_log10",
        MathFn::Log2 => "kiln_libm_log2",
        MathFn::Sin => "kiln_libm_sin",
        MathFn::Cos => "kiln_libm_cos",
        MathFn::Tan => "kiln_libm_tan",
        MathFn::Atan => "kiln_libm_atan",
        MathFn::Sinh => "kiln_libm_sinh",
        MathFn::Cosh => "kiln_libm_cosh",
        MathFn::Tanh => "kiln_libm_tanh",
        _ => return None,
    })
}

fn math_symbol(f: MathFn) -> &'static str {
    match f {
        MathFn::Exp => "kiln_exp",
        MathFn::Log => "kiln_log",
        MathFn::Log10 => "kiln_log10",
        MathFn::Log2 => "kiln_log2",
        MathFn::Pow => "kiln_pow",
        MathFn::Sin => "kiln_sin",
        MathFn::Cos => "kiln_cos",
        MathFn::Tan => "kiln_tan",
        MathFn::Asin => "kiln_asin",
        MathFn::Acos => "kiln_acos",
        MathFn::Atan => "kiln_atan",
        MathFn::Atan2 => "kiln_atan2",
        MathFn::Sinh => "kiln_sinh",
        MathFn::Cosh => "kiln_cosh",
        MathFn::Tanh => "kiln_tanh",
        MathFn::Erf => "kiln_erf",
        MathFn::Erfc => "kiln_erfc",
        MathFn::Log1p => "kiln_log1p",
        MathFn::Expm1 => "kiln_expm1",
        MathFn::Hypot => "kiln_hypot",
        MathFn::Copysign => "kiln_copysign",
        MathFn::Sqrt
        | MathFn::Floor
        | MathFn::Ceil
        | MathFn::Fabs
        | MathFn::Isnan
        | MathFn::Isinf => unreachable!("computed inline"),
    }
}

impl Gen<'_, '_> {
    /// Points the temporary array `var` at a C-contiguous scratch buffer of the shape
    /// `lens` (`runtime::kiln_scratch`), in the frame and in the code that follows.
    fn scratch(&mut self, var: crate::ir::Var, lens: &[Expr]) -> Result<Val> {
        let ty = self.typing.array(var)?;
        let lens = lens
            .iter()
            .map(|e| self.scalar(e).map(|v| v.v))
            .collect::<Result<Vec<_>>>()?;
        let elem = ty.dtype.size() as i64;
        // Strides from the last axis: the lengths are a view's, so nothing overflows.
        let mut strides = vec![self.iconst(elem); lens.len()];
        for k in (0..lens.len().saturating_sub(1)).rev() {
            strides[k] = self.b.ins().imul(strides[k + 1], lens[k + 1]);
        }
        let bytes = match lens.first() {
            Some(len) => self.b.ins().imul(strides[0], *len),
            None => self.iconst(elem),
        };
        let key = self.iconst(var.as_u32() as i64);
        let f = self.helper("kiln_scratch", &[types::I64, types::I64], self.pointer);
        let call = self.b.ins().call(f, &[key, bytes]);
        let data = self.b.inst_results(call)[0];
        let (slot, _) = self
            .layout
            .array(var)
            .expect("a temporary has a descriptor");
        let n = lens.len();
        self.store_slot(data, slot);
        for k in 0..n {
            self.store_slot(lens[k], slot + 1 + k);
            self.store_slot(strides[k], slot + 1 + n + k);
        }
        // A variable of the loop's given a new array: the VM makes it an object when
        // the nest exits (see `Layout::origin`).
        let origin = self.layout.origin(var).expect("a descriptor");
        let fresh = self.iconst(crate::frame::ORIGIN_FRESH as i64);
        self.store_slot(fresh, origin);
        self.arrays[var] = Some(self.load_array(var, ty));
        let one = self.iconst(1);
        Ok(self.exact(Scalar::Bool, one))
    }

    /// `gemm(c, a, b)`: `c = a @ b` by the interpreter's matrix product
    /// (`runtime::kiln_gemm_f64`); a vector `a` is a `1 x k` row, a vector `b` a
    /// `k x 1` column, and `c` has the axes the matrices give it.
    fn gemm(&mut self, args: &[Expr]) -> Result<Val> {
        let [Expr::Var(c), Expr::Var(a), Expr::Var(b)] = args else {
            unreachable!("gemm takes three array variables")
        };
        let vals = |g: &Self, v: &crate::ir::Var| g.arrays[*v].clone().expect("typed as an array");
        let (c, a, b) = (vals(self, c), vals(self, a), vals(self, b));
        let elem = self.iconst(a.ty.dtype.size() as i64);
        let one = self.iconst(1);
        // (rows, cols, row stride, column stride) of each as a matrix.
        let (n, k, rsa, csa) = match a.shape.len() {
            2 => (a.shape[0], a.shape[1], a.strides[0], a.strides[1]),
            _ => (one, a.shape[0], elem, a.strides[0]),
        };
        let (m, rsb, csb) = match b.shape.len() {
            2 => (b.shape[1], b.strides[0], b.strides[1]),
            _ => (one, b.strides[0], elem),
        };
        let (rsc, csc) = match (a.shape.len(), b.shape.len()) {
            (2, 2) => (c.strides[0], c.strides[1]),
            (2, _) => (c.strides[0], elem),
            _ => (elem, c.strides[0]),
        };
        let (name, p) = match a.ty.dtype {
            Dtype::F32 => ("kiln_gemm_f32", self.pointer),
            _ => ("kiln_gemm_f64", self.pointer),
        };
        let i = types::I64;
        let f = self.helper(name, &[i, i, i, p, i, i, p, i, i, p, i, i], types::I64);
        self.b.ins().call(
            f,
            &[
                n, k, m, a.data, rsa, csa, b.data, rsb, csb, c.data, rsc, csc,
            ],
        );
        Ok(self.exact(Scalar::Bool, one))
    }

    /// Whether the 2-d array `var` is C-contiguous: unit inner stride, and rows one
    /// after the other (or at most one row).
    fn contiguous(&mut self, var: crate::ir::Var) -> Val {
        let a = self.arrays[var].clone().expect("typed as an array");
        let elem = a.ty.dtype.size() as i64;
        let unit = self.b.ins().icmp_imm_s(IntCC::Equal, a.strides[1], elem);
        let row = self.b.ins().imul_imm_s(a.shape[1], elem);
        let rows_follow = self.b.ins().icmp(IntCC::Equal, a.strides[0], row);
        let one_row = self
            .b
            .ins()
            .icmp_imm_s(IntCC::SignedLessThanOrEqual, a.shape[0], 1);
        let rows = self.b.ins().bor(rows_follow, one_row);
        let c = self.b.ins().band(unit, rows);
        let v = self.b.ins().uextend(types::I64, c);
        self.exact(Scalar::Bool, v)
    }

    /// `zeroed(t)`: the bytes of `t`'s C-contiguous memory set to zero by one call.
    fn zeroed(&mut self, var: crate::ir::Var) -> Val {
        let a = self.arrays[var].clone().expect("typed as an array");
        let mut bytes = self.iconst(a.ty.dtype.size() as i64);
        for len in &a.shape {
            bytes = self.b.ins().imul(bytes, *len);
        }
        let f = self.helper("kiln_zero_fill", &[self.pointer, types::I64], types::I64);
        self.b.ins().call(f, &[a.data, bytes]);
        let one = self.iconst(1);
        self.exact(Scalar::Bool, one)
    }
}

impl Gen<'_, '_> {
    /// `np.isnan(x)`, ... of a real number (typing refuses the rest): an `np.bool_`.
    fn np_test(&mut self, test: crate::ir::NpTest, a: &Val) -> Val {
        use crate::ir::NpTest;
        let c = match a.ty.machine() {
            Machine::I64 => match test {
                NpTest::IsNan | NpTest::IsInf => self.b.ins().iconst(types::I8, 0),
                NpTest::IsFinite => self.b.ins().iconst(types::I8, 1),
                NpTest::Signbit => match a.ty.ty {
                    Scalar::Np(d) if d.is_unsigned() => self.b.ins().iconst(types::I8, 0),
                    _ => self.b.ins().icmp_imm_s(IntCC::SignedLessThan, a.v, 0),
                },
            },
            _ => self.float_test(test, a.v),
        };
        let v = self.b.ins().uextend(types::I64, c);
        self.exact(Scalar::Np(crate::types::Dtype::Bool), v)
    }

    /// The test `test` of the float `x` (float64 or float32), an i8: `math.isnan` and
    /// `math.isinf` too.
    fn float_test(&mut self, test: crate::ir::NpTest, x: Value) -> Value {
        use crate::ir::NpTest;
        let ty = self.b.func.dfg.value_type(x);
        match test {
            NpTest::IsNan => self.b.ins().fcmp(FloatCC::Unordered, x, x),
            NpTest::IsInf => {
                let abs = self.b.ins().fabs(x);
                let inf = if ty == types::F32 {
                    self.b.ins().f32const(f32::INFINITY)
                } else {
                    self.b.ins().f64const(f64::INFINITY)
                };
                self.b.ins().fcmp(FloatCC::Equal, abs, inf)
            }
            NpTest::IsFinite => {
                let not_finite = self.not_finite(x);
                self.b.ins().bxor_imm_s(not_finite, 1)
            }
            NpTest::Signbit => {
                let flags = cranelift_codegen::ir::MemFlagsData::new();
                let bits = self.b.ins().bitcast(ty.as_int(), flags, x);
                self.b.ins().icmp_imm_s(IntCC::SignedLessThan, bits, 0)
            }
        }
    }
}
