//! Matrix products in array code: `C[:] = alpha * A @ B + beta * C`, `y = A @ x`,
//! `np.dot(W, h)`.
//!
//! A product where an operand is a matrix becomes, before its statement at its point,
//! a new array of compiled code's own ([`Intrinsic::Scratch`]) of the product's shape,
//! filled by [`Intrinsic::Gemm`], which computes it as the interpreter's `@` does (the
//! same GEMM kernels, so the same bits); the product in the statement is then that
//! array. An operand that is not an array variable (`alpha * A`, a view `W[:, 1:]`)
//! is made a new array first, as numpy evaluates it. Products innermost first
//! (`A @ B @ C`). Inner dimensions that differ hand the statement back (numpy raises
//! ValueError); products of vectors stay inner products (`dots`).
//!
//! Moving the product before its statement is sound where nothing evaluated before it
//! in the statement stores: the caller makes products only where
//! `inlined::may_hoist` allows (no loop's own statement, no inlined call that stores
//! elsewhere than into arrays it makes).

use super::Pass;
use crate::ir::{CmpOp, Expr, Intrinsic, Stmt, StmtKind, Var, VarData};
use crate::types::{ArrayTy, Dtype};

type Result<T> = std::result::Result<T, String>;

impl Pass<'_> {
    /// `s` with its matrix products made first, into `out`.
    pub(super) fn hoist_products(&mut self, s: &Stmt, out: &mut Vec<Stmt>) -> Result<Stmt> {
        let mut stmt = s.clone();
        let mut found = false;
        for e in s.exprs() {
            e.walk(&mut |e| found |= matches!(e, Expr::MatMul(..)));
        }
        if !found {
            return Ok(stmt);
        }
        // `t = a @ b`: the product is made in `t`'s own memory (where the operands do
        // not read `t`, whose memory may be reused).
        if let StmtKind::Assign { targets, values } = &mut stmt.kind
            && let ([t], [Expr::MatMul(a, b)]) = (&targets[..], &mut values[..])
        {
            let t = *t;
            self.products(a, out)?;
            self.products(b, out)?;
            let mut reads_t = false;
            for x in [&**a, &**b] {
                x.walk(&mut |e| reads_t |= matches!(e, Expr::Var(v) | Expr::Load(v, _) if *v == t));
            }
            if !reads_t && self.product(Some(t), a, b, out)?.is_some() {
                stmt.kind = StmtKind::Pass;
                return Ok(stmt);
            }
        }
        for e in stmt.exprs_mut() {
            self.products(e, out)?;
        }
        Ok(stmt)
    }

    fn products(&mut self, e: &mut Expr, out: &mut Vec<Stmt>) -> Result<()> {
        match e {
            Expr::Binary(_, a, b) | Expr::MatMul(a, b) => {
                self.products(a, out)?;
                self.products(b, out)?;
            }
            Expr::Unary(_, a) | Expr::Reduce(_, a) => self.products(a, out)?,
            Expr::Compare(a, rest) => {
                self.products(a, out)?;
                for (_, e) in rest {
                    self.products(e, out)?;
                }
            }
            Expr::IfExp(c, a, b) => {
                self.products(c, out)?;
                self.products(a, out)?;
                self.products(b, out)?;
            }
            Expr::Logic(_, es) | Expr::Call(_, es) | Expr::Load(_, es) => {
                for e in es {
                    self.products(e, out)?;
                }
            }
            Expr::Inline(inl) => {
                for (_, a) in &mut inl.params {
                    self.products(a, out)?;
                }
            }
            _ => {}
        }
        if let Expr::MatMul(a, b) = e
            && let Some(t) = self.product(None, a, b, out)?
        {
            *e = Expr::Var(t);
        }
        Ok(())
    }

    /// `a @ b` made into `into` (else a temporary of its own) when one is a matrix:
    /// the array it is in, `None` for a product of vectors or numbers.
    fn product(
        &mut self,
        into: Option<Var>,
        a: &Expr,
        b: &Expr,
        out: &mut Vec<Stmt>,
    ) -> Result<Option<Var>> {
        let (Some(ta), Some(tb)) = (self.first_operand_ty(a), self.first_operand_ty(b)) else {
            return Ok(None);
        };
        if ta.ndim < 2 && tb.ndim < 2 {
            return Ok(None);
        }
        if ta.ndim > 2 || tb.ndim > 2 {
            return Err(
                self.err("`@` of stacks of matrices (more than 2 axes) stays interpreted".into())
            );
        }
        if ta.dtype != tb.dtype || !matches!(ta.dtype, Dtype::F64 | Dtype::F32) {
            return Err(self.err(
                "`@` of matrices other than float64 or float32 ones alike stays interpreted".into(),
            ));
        }
        let x = self.matrix_operand(a, ta, out)?;
        let y = self.matrix_operand(b, tb, out)?;
        let inner = Expr::Compare(
            Box::new(Expr::Shape(x, ta.ndim as i64 - 1)),
            vec![(CmpOp::Eq, Expr::Shape(y, 0))],
        );
        self.check(inner, out);
        let lens = match (ta.ndim, tb.ndim) {
            (2, 2) => vec![Expr::Shape(x, 0), Expr::Shape(y, 1)],
            (2, _) => vec![Expr::Shape(x, 0)],
            _ => vec![Expr::Shape(y, 1)],
        };
        let ty = ArrayTy {
            dtype: ta.dtype,
            ndim: lens.len() as u32,
            unit_inner: true,
            own_buffer: true,
            list: None,
            copied: false,
        };
        let t = match into {
            Some(t) => {
                self.new_arrays.entry(t).or_insert(ty);
                if !self.holds(t, ty) {
                    return Err(self.err(format!(
                        "`{}` is assigned a matrix product of another kind than it holds \
                         elsewhere; it stays interpreted",
                        self.name(t)
                    )));
                }
                t
            }
            None => {
                let t = self.vars.push(VarData {
                    name: format!("#product{}", self.point.as_u32()),
                    hidden: true,
                });
                self.new_arrays.insert(t, ty);
                t
            }
        };
        self.temporaries.push((t, ty));
        self.effect("gemm", Expr::Call(Intrinsic::Scratch(t), lens), out);
        let product = vec![Expr::Var(t), Expr::Var(x), Expr::Var(y)];
        self.effect("gemm", Expr::Call(Intrinsic::Gemm, product), out);
        Ok(Some(t))
    }

    /// An operand of a matrix product as an array variable: itself, or a new array of
    /// its values.
    fn matrix_operand(&mut self, e: &Expr, ty: ArrayTy, out: &mut Vec<Stmt>) -> Result<Var> {
        if let Expr::Var(v) = e
            && self.array_ty(*v).is_some()
        {
            return Ok(*v);
        }
        let t = self.vars.push(VarData {
            name: format!("#matrix{}", self.point.as_u32()),
            hidden: true,
        });
        self.new_arrays.insert(t, ty);
        self.new_array(t, e, out)?;
        Ok(t)
    }
}
