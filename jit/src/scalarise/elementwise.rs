//! Array expressions as trees of element operations: which expressions are arrays
//! (`arrayish`), and the tree of one with its views resolved into operands
//! (`elementwise`), whose element expression at given loads `Elementwise::expr` gives.

use super::views::View;
use super::{Pass, Result};
use crate::ir::{BinOp, CmpOp, Expr, Intrinsic, Stmt, UnaryOp};

/// An array expression after its views are resolved: the tree of element operations
/// with operands numbered into `Operands`.
pub(super) enum Elementwise {
    Operand(usize),
    Scalar(Expr),
    Binary(BinOp, Box<Elementwise>, Box<Elementwise>),
    Unary(UnaryOp, Box<Elementwise>),
    Compare(CmpOp, Box<Elementwise>, Box<Elementwise>),
    Abs(Box<Elementwise>),
    Call1(Intrinsic, Box<Elementwise>),
    Call2(Intrinsic, Box<Elementwise>, Box<Elementwise>),
    Call3(
        Intrinsic,
        Box<Elementwise>,
        Box<Elementwise>,
        Box<Elementwise>,
    ),
}

impl Pass<'_> {
    /// Whether `e`'s value is an array. Arguments of calls do not count: an inlined
    /// function takes arrays and gives a number (typing checks that it does).
    pub(super) fn arrayish(&self, e: &Expr) -> bool {
        match e {
            Expr::Var(v) => self.array_ty(*v).is_some(),
            Expr::Load(v, index) => self.is_view(*v, index),
            Expr::Binary(_, a, b) => self.arrayish(a) || self.arrayish(b),
            Expr::Unary(_, a) => self.arrayish(a),
            Expr::Call(Intrinsic::NewArray(_), _) => true,
            Expr::Compare(a, rest) => {
                self.arrayish(a) || rest.iter().any(|(_, e)| self.arrayish(e))
            }
            Expr::IfExp(c, a, b) => self.arrayish(c) || self.arrayish(a) || self.arrayish(b),
            Expr::Call(Intrinsic::ListAppend | Intrinsic::RowLen | Intrinsic::RowList(_), _) => {
                false
            }
            Expr::Logic(_, es) | Expr::Call(_, es) => es.iter().any(|e| self.arrayish(e)),
            Expr::Int(_)
            | Expr::Float(_)
            | Expr::Bool(_)
            | Expr::Shape(..)
            | Expr::Len(_)
            | Expr::Slice(_)
            | Expr::NewAxis
            | Expr::CallUser(..)
            | Expr::Unpack(..)
            | Expr::Tuple(_)
            | Expr::Inline(_)
            // Of two vectors a number; typing refuses the rest.
            | Expr::MatMul(..)
            | Expr::Dot(..)
            | Expr::Reduce(..)
            | Expr::Sum(..) => false,
        }
    }

    /// The element operations of an array expression; its views resolved into
    /// `operands` and its scalar parts evaluated once, into `out`.
    pub(super) fn elementwise(
        &mut self,
        e: &Expr,
        operands: &mut Vec<View>,
        out: &mut Vec<Stmt>,
    ) -> Result<Elementwise> {
        if !self.arrayish(e) {
            return Ok(Elementwise::Scalar(self.bind("scalar", e.clone(), out)));
        }
        let mut sub = |pass: &mut Self, e: &Expr| pass.elementwise(e, operands, out).map(Box::new);
        Ok(match e {
            Expr::Var(v) => {
                let view = self.view(*v, &[], out)?;
                operands.push(view);
                Elementwise::Operand(operands.len() - 1)
            }
            Expr::Load(v, index) => {
                let view = self.view(*v, index, out)?;
                operands.push(view);
                Elementwise::Operand(operands.len() - 1)
            }
            Expr::Binary(op, a, b) => {
                let a = sub(self, a)?;
                Elementwise::Binary(*op, a, sub(self, b)?)
            }
            Expr::Unary(op @ (UnaryOp::Neg | UnaryOp::Pos | UnaryOp::Invert), a) => {
                Elementwise::Unary(*op, sub(self, a)?)
            }
            Expr::Compare(a, rest) if rest.len() == 1 => {
                let a = sub(self, a)?;
                Elementwise::Compare(rest[0].0, a, sub(self, &rest[0].1)?)
            }
            Expr::Call(Intrinsic::Abs, args) => Elementwise::Abs(sub(self, &args[0])?),
            Expr::Call(Intrinsic::Where, args) if args.len() == 3 => {
                let c = sub(self, &args[0])?;
                let a = sub(self, &args[1])?;
                Elementwise::Call3(Intrinsic::Select, c, a, sub(self, &args[2])?)
            }
            Expr::Call(f @ Intrinsic::Ufunc(_), args) if args.len() == 1 => {
                Elementwise::Call1(*f, sub(self, &args[0])?)
            }
            // The copy itself is made where the value is stored.
            Expr::Call(Intrinsic::Copy, args) if args.len() == 1 => {
                return self.elementwise(&args[0], operands, out);
            }
            Expr::Call(f @ (Intrinsic::Maximum | Intrinsic::Minimum), args) if args.len() == 2 => {
                let a = sub(self, &args[0])?;
                Elementwise::Call2(*f, a, sub(self, &args[1])?)
            }
            Expr::Call(Intrinsic::NpScalar(d), _) => {
                return Err(self.err(format!(
                    "`np.{}()` of an array (an `astype`) stays interpreted",
                    d.name()
                )));
            }
            Expr::Call(Intrinsic::Math(f), _) => {
                return Err(self.err(format!(
                    "`math.{}()` of an array (Python raises TypeError); it stays interpreted",
                    f.name()
                )));
            }
            _ => {
                return Err(self.err(
                    "this operation on arrays (the truth of an array, a call taking one) stays \
                     interpreted"
                        .into(),
                ));
            }
        })
    }
}

impl Elementwise {
    /// The element expression, operand `k` being `loads[k]`.
    pub(super) fn expr(&self, loads: &[Expr]) -> Expr {
        match self {
            Elementwise::Operand(k) => loads[*k].clone(),
            Elementwise::Scalar(e) => e.clone(),
            Elementwise::Binary(op, a, b) => {
                Expr::Binary(*op, Box::new(a.expr(loads)), Box::new(b.expr(loads)))
            }
            Elementwise::Unary(op, a) => Expr::Unary(*op, Box::new(a.expr(loads))),
            Elementwise::Compare(op, a, b) => {
                Expr::Compare(Box::new(a.expr(loads)), vec![(*op, b.expr(loads))])
            }
            Elementwise::Abs(a) => Expr::Call(Intrinsic::Abs, vec![a.expr(loads)]),
            Elementwise::Call1(f, a) => Expr::Call(*f, vec![a.expr(loads)]),
            Elementwise::Call2(f, a, b) => Expr::Call(*f, vec![a.expr(loads), b.expr(loads)]),
            Elementwise::Call3(f, a, b, c) => {
                Expr::Call(*f, vec![a.expr(loads), b.expr(loads), c.expr(loads)])
            }
        }
    }
}
