//! Complex arithmetic as the interpreter computes it: RustPython's for a Python
//! complex (mixed-mode with a real number, Annex G's product and quotient), kiln
//! numpy's `C64` for a complex128, and both ways, picked at run time, for a value
//! that may be either.

use super::*;

impl Splitter<'_> {
    /// `a op b` with a complex result of type `t` (parts of type `ty`).
    pub(super) fn binary(
        &mut self,
        op: BinOp,
        a: &Expr,
        b: &Expr,
        t: ScalarTy,
        ty: ScalarTy,
    ) -> Result<Pair> {
        let (ca, cb) = (self.is_complex(a), self.is_complex(b));
        let (pa, pb) = (self.any_parts(a)?, self.any_parts(b)?);
        if t.mixed && (!ca || !cb || op == BinOp::Div) {
            // A Python complex and a complex128 compute this differently: both ways,
            // and the one of the kind the operands have now taken.
            self.need_hoisting("arithmetic of a number that is a Python complex or a complex128")?;
            let (pa, pb) = (self.atoms(pa), self.atoms(pb));
            let numpy_now = self.temp("numpy", numpy_now(&pa, &pb, cb));
            let py = |p: &Pair| pair(to_py(p.re.clone(), p.ty), to_py(p.im.clone(), p.ty), FLOAT);
            let np = |p: &Pair| numpy_pair(pair(p.re.clone(), p.im.clone(), p.ty));
            let python = self.arithmetic(op, ca, cb, py(&pa), py(&pb), true, FLOAT)?;
            let python = self.atoms(python);
            let numpy = self.arithmetic(op, ca, cb, np(&pa), np(&pb), false, NP_F64)?;
            let numpy = self.atoms(numpy);
            return Ok(pair(
                if_exp(numpy_now.clone(), numpy.re, python.re),
                if_exp(numpy_now, numpy.im, python.im),
                ty,
            ));
        }
        let python = t.ty == Scalar::Complex;
        self.arithmetic(op, ca, cb, pa, pb, python, ty)
    }

    /// `a op b` (`ca`, `cb`: which operand is complex) computed as a Python complex or
    /// as a complex128.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn arithmetic(
        &mut self,
        op: BinOp,
        ca: bool,
        cb: bool,
        pa: Pair,
        pb: Pair,
        python: bool,
        ty: ScalarTy,
    ) -> Result<Pair> {
        if python && !(ca && cb) {
            // RustPython's mixed-mode arithmetic: the real number meets each part.
            let (real, complex, real_first) = if ca { (pb, pa, false) } else { (pa, pb, true) };
            let x = to_py(real.re, real.ty);
            let (re, im) = (complex.re, complex.im);
            return Ok(match (op, real_first) {
                (BinOp::Add, _) => pair(add(x, re), im, FLOAT),
                (BinOp::Sub, false) => pair(sub(re, x), im, FLOAT),
                (BinOp::Sub, true) => pair(sub(x, re), neg(im), FLOAT),
                (BinOp::Mul, _) => {
                    let x = self.atom(x);
                    pair(mul(re, x.clone()), mul(im, x), FLOAT)
                }
                (BinOp::Div, false) => {
                    let x = self.atom(x);
                    pair(div(re, x.clone()), div(im, x), FLOAT)
                }
                (BinOp::Div, true) => self.real_by_complex(x, pair(re, im, FLOAT))?,
                _ => unreachable!("typing admits + - * / only"),
            });
        }
        // Both complex, or a complex128 result (the real operand made complex first).
        let (pa, pb) = if python || ty.mixed {
            (pa, pb)
        } else {
            (numpy_pair(pa), numpy_pair(pb))
        };
        Ok(match op {
            BinOp::Add => pair(add(pa.re, pb.re), add(pa.im, pb.im), ty),
            BinOp::Sub => pair(sub(pa.re, pb.re), sub(pa.im, pb.im), ty),
            BinOp::Mul => {
                let (a, b) = (self.atoms(pa), self.atoms(pb));
                let re = sub(
                    mul(a.re.clone(), b.re.clone()),
                    mul(a.im.clone(), b.im.clone()),
                );
                let im = add(mul(a.re, b.im), mul(a.im, b.re));
                // A Python product of two NaNs is recovered (Annex G): the interpreter's.
                // (A numpy one is not finite, which hands it back anyway.)
                if python || ty.mixed {
                    self.not_both_nan(pair(re, im, ty))
                } else {
                    pair(re, im, ty)
                }
            }
            BinOp::Div if python => self.python_quotient(pa, pb)?,
            BinOp::Div => self.numpy_quotient(pa, pb)?,
            _ => unreachable!("typing admits + - * / only"),
        })
    }

    /// RustPython's `quot`: divide by the larger part of the divisor.
    pub(super) fn python_quotient(&mut self, a: Pair, b: Pair) -> Result<Pair> {
        self.need_hoisting("a complex division")?;
        let (a, b) = (self.atoms(a), self.atoms(b));
        let (big, ratio, den) = self.python_divisor(b);
        let pick = |x: Expr, y: Expr| if_exp(big.clone(), x, y);
        let re = pick(
            div(
                add(a.re.clone(), mul(a.im.clone(), ratio.clone())),
                den.clone(),
            ),
            div(
                add(mul(a.re.clone(), ratio.clone()), a.im.clone()),
                den.clone(),
            ),
        );
        let im = pick(
            div(
                sub(a.im.clone(), mul(a.re.clone(), ratio.clone())),
                den.clone(),
            ),
            div(sub(mul(a.im, ratio), a.re), den),
        );
        Ok(self.not_both_nan(pair(re, im, FLOAT)))
    }

    /// RustPython's `rc_quot`: a real number divided by a complex one.
    pub(super) fn real_by_complex(&mut self, x: Expr, b: Pair) -> Result<Pair> {
        self.need_hoisting("a complex division")?;
        let x = self.atom(x);
        let b = self.atoms(b);
        let (big, ratio, den) = self.python_divisor(b);
        let pick = |p: Expr, q: Expr| if_exp(big.clone(), p, q);
        let re = pick(
            div(x.clone(), den.clone()),
            div(mul(x.clone(), ratio.clone()), den.clone()),
        );
        let im = pick(
            div(mul(neg(x.clone()), ratio), den.clone()),
            div(neg(x), den),
        );
        Ok(self.not_both_nan(pair(re, im, FLOAT)))
    }

    /// kiln's numpy's complex division (Smith's algorithm, as `C64::div`). A zero
    /// divisor divides by zero in the first branch, which hands the statement back.
    pub(super) fn numpy_quotient(&mut self, a: Pair, b: Pair) -> Result<Pair> {
        self.need_hoisting("a complex division")?;
        let (a, b) = (self.atoms(a), self.atoms(b));
        let (big, rat) = self.divisor_ratio(&b);
        let (c, d) = (b.re, b.im);
        let pick = |x: Expr, y: Expr| if_exp(big.clone(), x, y);
        let scl = self.temp(
            "scale",
            pick(
                div(
                    Expr::Float(1.0),
                    add(c.clone(), mul(d.clone(), rat.clone())),
                ),
                div(Expr::Float(1.0), add(d, mul(c, rat.clone()))),
            ),
        );
        let re = pick(
            mul(
                add(a.re.clone(), mul(a.im.clone(), rat.clone())),
                scl.clone(),
            ),
            mul(
                add(mul(a.re.clone(), rat.clone()), a.im.clone()),
                scl.clone(),
            ),
        );
        let im = pick(
            mul(
                sub(a.im.clone(), mul(a.re.clone(), rat.clone())),
                scl.clone(),
            ),
            mul(sub(mul(a.im, rat), a.re), scl),
        );
        Ok(pair(re, im, NP_F64))
    }

    /// How every complex division here divides by `b` (its parts temporaries):
    /// `big`, whether its real part is the larger, and the ratio of the smaller part
    /// to the larger, in temporaries.
    fn divisor_ratio(&mut self, b: &Pair) -> (Expr, Expr) {
        let big = self.temp("big", bigger_real(b));
        let ratio = self.temp(
            "ratio",
            if_exp(
                big.clone(),
                div(b.im.clone(), b.re.clone()),
                div(b.re.clone(), b.im.clone()),
            ),
        );
        (big, ratio)
    }

    /// RustPython's divisor in `quot` and `rc_quot`: `big`, the ratio, and the
    /// denominator the numerator's terms are divided by.
    fn python_divisor(&mut self, b: Pair) -> (Expr, Expr, Expr) {
        let (big, ratio) = self.divisor_ratio(&b);
        let den = self.temp(
            "den",
            if_exp(
                big.clone(),
                add(b.re.clone(), mul(b.im.clone(), ratio.clone())),
                add(mul(b.re, ratio.clone()), b.im),
            ),
        );
        (big, ratio, den)
    }

    pub(super) fn need_hoisting(&self, what: &str) -> Result<()> {
        if self.hoist {
            Ok(())
        } else {
            Err(format!(
                "{what} in a loop condition, a conditional expression or an `and`/`or` \
                 stays interpreted"
            ))
        }
    }

    /// The pair, handed back to the interpreter if both parts are NaN.
    pub(super) fn not_both_nan(&mut self, p: Pair) -> Pair {
        let p = if self.hoist {
            let re = self.temp("re", p.re);
            let im = self.temp("im", p.im);
            pair(re, im, p.ty)
        } else {
            p
        };
        let is_number = |x: &Expr| Expr::Compare(Box::new(x.clone()), vec![(CmpOp::Eq, x.clone())]);
        let check = Expr::Call(
            Intrinsic::Check,
            vec![Expr::Logic(
                LogicOp::Or,
                vec![is_number(&p.re), is_number(&p.im)],
            )],
        );
        if self.hoist {
            let v = self.hidden("check");
            self.pre.push(self.at(StmtKind::Assign {
                targets: vec![v],
                values: vec![check],
            }));
            p
        } else {
            let re = if_exp(check, p.re.clone(), p.re);
            pair(re, p.im, p.ty)
        }
    }
}

/// An operand of complex128 arithmetic: its parts as `np.float64`s.
pub(super) fn numpy_pair(p: Pair) -> Pair {
    let im = match p.im {
        Expr::Float(z) => Expr::Call(Intrinsic::NpScalar(Dtype::F64), vec![Expr::Float(z)]),
        im => to_np(im, p.ty),
    };
    Pair {
        re: to_np(p.re, p.ty),
        im,
        ty: NP_F64,
    }
}

/// `abs(re) >= abs(im)` of a divisor.
pub(super) fn bigger_real(b: &Pair) -> Expr {
    let abs = |x: &Expr| Expr::Call(Intrinsic::Abs, vec![x.clone()]);
    Expr::Compare(Box::new(abs(&b.re)), vec![(CmpOp::Ge, abs(&b.im))])
}

pub(super) fn binary(op: BinOp, a: Expr, b: Expr) -> Expr {
    Expr::Binary(op, Box::new(a), Box::new(b))
}

pub(super) fn add(a: Expr, b: Expr) -> Expr {
    binary(BinOp::Add, a, b)
}

pub(super) fn sub(a: Expr, b: Expr) -> Expr {
    binary(BinOp::Sub, a, b)
}

pub(super) fn mul(a: Expr, b: Expr) -> Expr {
    binary(BinOp::Mul, a, b)
}

pub(super) fn div(a: Expr, b: Expr) -> Expr {
    binary(BinOp::Div, a, b)
}

pub(super) fn neg(a: Expr) -> Expr {
    Expr::Unary(UnaryOp::Neg, Box::new(a))
}

pub(super) fn ufunc(u: Ufunc, x: Expr) -> Expr {
    Expr::Call(Intrinsic::Ufunc(u), vec![x])
}

pub(super) fn if_exp(c: Expr, a: Expr, b: Expr) -> Expr {
    Expr::IfExp(Box::new(c), Box::new(a), Box::new(b))
}

/// Whether `a op b` (or `a == b`), where either may be a Python number or a numpy one
/// at run time, is numpy's now: a numpy operand makes it so (`types::arithmetic`,
/// `types::comparison`), except an `np.float64` on the right of a Python complex (a
/// float subclass, which `complex`'s own operator takes first). `b_complex`: whether
/// `b` is a complex number (one of the two is).
pub(super) fn numpy_now(a: &Pair, b: &Pair, b_complex: bool) -> Expr {
    let mut numpy = Vec::new();
    for (p, left) in [(a, true), (b, false)] {
        if !left && !b_complex && p.ty.ty == Scalar::Np(Dtype::F64) {
            continue;
        }
        if p.ty.mixed {
            numpy.push(Expr::Call(Intrinsic::IsNumpy, vec![p.re.clone()]));
        } else if p.ty.ty.is_numpy() {
            numpy.push(Expr::Bool(true));
        }
    }
    match numpy.len() {
        0 => Expr::Bool(false),
        _ => Expr::Logic(LogicOp::Or, numpy),
    }
}
