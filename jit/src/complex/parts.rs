//! Complex expressions as the expressions of their parts, and the comparisons and
//! inlined calls that meet them.

use super::*;

impl Splitter<'_> {
    /// `a == b` / `a != b` with a complex operand: both parts equal (or not), a Python
    /// bool whichever kinds meet (kiln's complex128 compares as Python's complex does),
    /// a real operand as a complex of zero imaginary part.
    pub(super) fn complex_compare(
        &mut self,
        e: &Expr,
        first: &Expr,
        rest: &[(CmpOp, Expr)],
    ) -> Result<Expr> {
        let [(op, right)] = rest else {
            return Err("a chain of comparisons of complex numbers stays interpreted".into());
        };
        let result = self.ty(e)?;
        let (a, b) = (self.any_parts(first)?, self.any_parts(right)?);
        // Both parts are computed whatever the first comparison gives, as the
        // interpreter computes the whole number first (a part whose operation
        // overflows warns, or hands back, either way): `&`/`|` of bools, not `and`/`or`.
        let logic = if *op == CmpOp::Eq {
            BinOp::BitAnd
        } else {
            BinOp::BitOr
        };
        let compare = |numpy: bool, a: &Pair, b: &Pair| {
            let convert = |p: &Pair| {
                let (re, im) = (p.re.clone(), p.im.clone());
                if numpy {
                    (to_np(re, p.ty), to_np(im, p.ty))
                } else {
                    (to_py(re, p.ty), to_py(im, p.ty))
                }
            };
            let ((ar, ai), (br, bi)) = (convert(a), convert(b));
            let cmp = |x: Expr, y: Expr| Expr::Compare(Box::new(x), vec![(*op, y)]);
            Expr::Binary(logic, Box::new(cmp(ar, br)), Box::new(cmp(ai, bi)))
        };
        if !result.mixed {
            return Ok(compare(result.ty.is_numpy(), &a, &b));
        }
        // numpy's comparison or Python's, by the operands' kinds now: both are pure,
        // one is taken.
        Ok(Expr::IfExp(
            Box::new(super::arithmetic::numpy_now(&a, &b, self.is_complex(right))),
            Box::new(compare(true, &a, &b)),
            Box::new(compare(false, &a, &b)),
        ))
    }

    /// The parts of a complex number, or of a real one as a complex (zero imaginary).
    pub(super) fn any_parts(&mut self, e: &Expr) -> Result<Pair> {
        if self.is_complex(e) {
            return self.parts(e);
        }
        let ty = self.ty(e)?;
        Ok(Pair {
            re: self.real(e)?,
            im: Expr::Float(0.0),
            ty,
        })
    }

    /// The parts of a complex-valued expression.
    pub(super) fn parts(&mut self, e: &Expr) -> Result<Pair> {
        let t = self.ty(e)?;
        let ty = ScalarTy {
            ty: part_of(t.ty),
            mixed: t.mixed,
        };
        Ok(match e {
            Expr::Var(v) => Pair {
                re: Expr::Var(*v),
                im: Expr::Var(self.partner[*v].expect("complex variables have partners")),
                ty,
            },
            Expr::Load(array, index) => {
                let index = self.reals(index)?;
                let part = |k: i64| {
                    let mut index = index.clone();
                    index.push(Expr::Int(k));
                    Expr::Load(*array, index)
                };
                Pair {
                    re: part(0),
                    im: part(1),
                    ty,
                }
            }
            Expr::Call(Intrinsic::Complex, args) => {
                let mut parts = Vec::new();
                for a in args {
                    let t = self.ty(a)?;
                    parts.push(to_py(self.real(a)?, t));
                }
                let mut parts = parts.into_iter();
                Pair {
                    re: parts.next().expect("typing admits one or two values"),
                    im: parts.next().unwrap_or(Expr::Float(0.0)),
                    ty: FLOAT,
                }
            }
            Expr::Call(Intrinsic::Conjugate, args) => {
                let p = self.parts(&args[0])?;
                Pair {
                    re: p.re,
                    im: neg(p.im),
                    ty: p.ty,
                }
            }
            Expr::Call(Intrinsic::NpConj, args) => {
                let p = self.parts(&args[0])?;
                Pair {
                    re: to_np(p.re, p.ty),
                    im: neg(to_np(p.im, p.ty)),
                    ty: NP_F64,
                }
            }
            Expr::Call(Intrinsic::Ufunc(Ufunc::Exp), args) => {
                // `C64::exp`: r = exp(re), then (r cos(im), r sin(im)).
                let p = self.parts(&args[0])?;
                let p = self.atoms(Pair {
                    re: to_np(p.re, p.ty),
                    im: to_np(p.im, p.ty),
                    ty: NP_F64,
                });
                let r = self.temp("exp", ufunc(Ufunc::Exp, p.re));
                Pair {
                    re: mul(r.clone(), ufunc(Ufunc::Cos, p.im.clone())),
                    im: mul(r, ufunc(Ufunc::Sin, p.im)),
                    ty: NP_F64,
                }
            }
            Expr::Unary(UnaryOp::Neg, a) => {
                let p = self.parts(a)?;
                Pair {
                    re: neg(p.re),
                    im: neg(p.im),
                    ty: p.ty,
                }
            }
            Expr::Unary(UnaryOp::Pos, a) => self.parts(a)?,
            Expr::IfExp(c, a, b) => {
                let c = self.real(c)?;
                let (a, b) = self.unhoisted(|s| Ok((s.parts(a)?, s.parts(b)?)))?;
                Pair {
                    re: Expr::IfExp(Box::new(c.clone()), Box::new(a.re), Box::new(b.re)),
                    im: Expr::IfExp(Box::new(c), Box::new(a.im), Box::new(b.im)),
                    ty,
                }
            }
            Expr::Binary(op, a, b) => self.binary(*op, a, b, t, ty)?,
            Expr::Inline(inl) => self.complex_inline(inl, ty)?,
            _ => return Err("this complex expression stays interpreted".into()),
        })
    }

    /// `x.imag` of a real number: a zero of its type.
    pub(super) fn zero_like(&mut self, x: &Expr) -> Result<Expr> {
        if !matches!(
            x,
            Expr::Var(_) | Expr::Int(_) | Expr::Float(_) | Expr::Bool(_)
        ) {
            return Err("`.imag` of a real number other than a variable stays interpreted".into());
        }
        let t = self.ty(x)?;
        Ok(match (t.ty, t.mixed) {
            (Scalar::Float, false) => Expr::Float(0.0),
            (Scalar::Int | Scalar::Bool, false) => Expr::Int(0),
            (Scalar::Np(d), false)
                if matches!(
                    d,
                    Dtype::F64 | Dtype::F32 | Dtype::I64 | Dtype::I32 | Dtype::I16 | Dtype::I8
                ) =>
            {
                Expr::Call(Intrinsic::NpScalar(d), vec![Expr::Int(0)])
            }
            _ => return Err(format!("`.imag` of {} stays interpreted", t.describe())),
        })
    }

    /// An inlined call returning a complex number: its body ends assigning the parts to
    /// hidden variables, and the call, computed into a temporary before the statement,
    /// gives the real part; the imaginary one is read after it.
    pub(super) fn complex_inline(&mut self, inl: &Inlined, ty: ScalarTy) -> Result<Pair> {
        self.need_hoisting("a call of an inlined function returning a complex number")?;
        let params = self.inline_params(inl)?;
        let mut body = self.block(&inl.body)?;
        let result = self.at_end_of(&mut body, |s| s.parts(&inl.result))?;
        // A function with loops returns its result variable (assigned before each
        // `return`, which ends the body): its parts are read after the call as they
        // are. Another result is assigned at the end of the body, which runs to it.
        let (re, im) = match (&result.re, &result.im) {
            (Expr::Var(re), Expr::Var(im)) => (*re, *im),
            _ => {
                let (re, im) = (self.hidden("result"), self.hidden("result_imag"));
                body.push(self.at(StmtKind::Assign {
                    targets: vec![re, im],
                    values: vec![result.re, result.im],
                }));
                (re, im)
            }
        };
        let call = Expr::Inline(Box::new(Inlined {
            params,
            body,
            result: Expr::Var(re),
        }));
        Ok(pair(self.temp("result", call), Expr::Var(im), ty))
    }
}
