//! Reductions: `x.sum()`, `x.mean()`, `x.max()`, `np.min(x)` of a 1-d view or an
//! elementwise expression of 1-d views, where a number is wanted.
//!
//! `max` and `min` become a loop in the statement's prologue, folding the elements
//! with numpy's `maximum`/`minimum` from the first (an empty value hands the statement
//! to the interpreter, which raises numpy's ValueError); `argmax` and `argmin` a loop
//! keeping the best element and its index, replaced only by a strictly better one or
//! by the first NaN (which numpy's take as the answer), from the first. `sum` (and `mean`, the sum
//! over the length) adds in numpy's pairwise order, which the `runtime` helper
//! follows: over the view itself, or over a temporary the prologue fills with the
//! expression's values (numpy's temporary; its dtype must be the first operand's,
//! which typing checks like a fused statement's value). A sum of comparisons is a
//! count, in int64 as numpy has it. The sum of a whole float matrix whose elements
//! lie in C order is one pairwise sum over them, as numpy's.

use super::Pass;
use super::dots::dot_view;
use crate::ir::{BinOp, CmpOp, DotView, Expr, Intrinsic, Reduction, Stmt, StmtKind, VarData};
use crate::types::{ArrayTy, Dtype};

type Result<T> = std::result::Result<T, String>;

impl Pass<'_> {
    /// Makes each reduction in `e` a number, evaluating what it needs into `out`.
    /// Reductions it cannot do stay for typing to refuse, with the reason.
    pub(super) fn reductions(&mut self, e: &mut Expr, out: &mut Vec<Stmt>) -> Result<()> {
        let mut result = Ok(());
        e.walk_mut(&mut |e| {
            let Expr::Reduce(r, operand) = e else { return };
            if result.is_err() {
                return;
            }
            match self.reduction(*r, operand, out) {
                Ok(Some(value)) => {
                    *e = value;
                    self.rewrote = true;
                }
                Ok(None) => {}
                Err(why) => result = Err(why),
            }
        });
        result
    }

    fn reduction(
        &mut self,
        r: Reduction,
        operand: &Expr,
        out: &mut Vec<Stmt>,
    ) -> Result<Option<Expr>> {
        if !self.arrayish(operand) {
            return Ok(None);
        }
        // The total of a whole float matrix: one pairwise sum over its elements where
        // they lie in C order (numpy's one run); otherwise the interpreter's order.
        if let Expr::Var(v) = operand
            && let Some(a) = self.array_ty(*v)
            && a.ndim == 2
            && a.dtype.is_float()
            && matches!(r, Reduction::Sum | Reduction::Mean)
        {
            self.check(Expr::Call(Intrinsic::Contiguous(*v), Vec::new()), out);
            let len = Expr::Binary(
                BinOp::Mul,
                Box::new(Expr::Shape(*v, 0)),
                Box::new(Expr::Shape(*v, 1)),
            );
            let view = DotView {
                array: *v,
                first: vec![Expr::Int(0), Expr::Int(0)],
                axis: 1,
                step: 1,
            };
            let sum = Expr::Sum(Box::new(view), Box::new(len.clone()));
            return Ok(Some(match r {
                Reduction::Mean => Expr::Binary(BinOp::Div, Box::new(sum), Box::new(len)),
                _ => sum,
            }));
        }
        let mut operands = Vec::new();
        let tree = self.elementwise(operand, &mut operands, out)?;
        if operands.iter().any(|o| o.axes.len() != 1) {
            return Err(
                self.err("a reduction of a value of more than one axis stays interpreted".into())
            );
        }
        let len = operands[0].axes[0].len.clone();
        for o in &operands[1..] {
            if o.axes[0].len != len {
                let same = Expr::Compare(
                    Box::new(o.axes[0].len.clone()),
                    vec![(CmpOp::Eq, len.clone())],
                );
                self.check(same, out);
            }
        }
        let counter = Expr::Var(self.counter(0));
        let at = |c: &Expr| -> Vec<Expr> {
            operands
                .iter()
                .map(|o| o.element(std::slice::from_ref(c), None))
                .collect()
        };
        let (point, line) = (self.point, self.line);
        let stmt = |kind| Stmt { point, line, kind };
        // `for k in range(1, len): body`, over the elements after the first.
        let after_first = |len: Expr, body: Vec<Stmt>| {
            let Expr::Var(k) = &counter else {
                unreachable!("a counter")
            };
            stmt(StmtKind::For {
                var: *k,
                start: Expr::Int(1),
                stop: len,
                step: Expr::Int(1),
                items: Vec::new(),
                body,
            })
        };
        Ok(Some(match r {
            Reduction::Max | Reduction::Min => {
                let nonempty =
                    Expr::Compare(Box::new(len.clone()), vec![(CmpOp::Gt, Expr::Int(0))]);
                self.check(nonempty, out);
                let acc = self.vars.push(VarData {
                    name: format!("#reduced{}", point.as_u32()),
                    hidden: true,
                });
                out.push(stmt(StmtKind::Assign {
                    targets: vec![acc],
                    values: vec![tree.expr(&at(&Expr::Int(0)))],
                }));
                let f = if r == Reduction::Max {
                    Intrinsic::Maximum
                } else {
                    Intrinsic::Minimum
                };
                let fold = stmt(StmtKind::Assign {
                    targets: vec![acc],
                    values: vec![Expr::Call(
                        f,
                        vec![Expr::Var(acc), tree.expr(&at(&counter))],
                    )],
                });
                out.push(after_first(len, vec![fold]));
                Expr::Var(acc)
            }
            Reduction::ArgMax | Reduction::ArgMin => {
                let nonempty =
                    Expr::Compare(Box::new(len.clone()), vec![(CmpOp::Gt, Expr::Int(0))]);
                self.check(nonempty, out);
                let mut hidden = |what: &str| {
                    self.vars.push(VarData {
                        name: format!("#{what}{}", point.as_u32()),
                        hidden: true,
                    })
                };
                let (best, index, value) = (hidden("best"), hidden("index"), hidden("element"));
                out.push(stmt(StmtKind::Assign {
                    targets: vec![best, index],
                    values: vec![tree.expr(&at(&Expr::Int(0))), Expr::Int(0)],
                }));
                let better = if r == Reduction::ArgMax {
                    CmpOp::Gt
                } else {
                    CmpOp::Lt
                };
                let var = |v| Box::new(Expr::Var(v));
                let nan = |v, op| Expr::Compare(var(v), vec![(op, Expr::Var(v))]);
                // `value op best`, or `value` the first NaN (`value != value` while
                // `best == best`).
                let replaces = Expr::Logic(
                    crate::ir::LogicOp::Or,
                    vec![
                        Expr::Compare(var(value), vec![(better, Expr::Var(best))]),
                        Expr::Logic(
                            crate::ir::LogicOp::And,
                            vec![nan(value, CmpOp::Ne), nan(best, CmpOp::Eq)],
                        ),
                    ],
                );
                let body = vec![
                    stmt(StmtKind::Assign {
                        targets: vec![value],
                        values: vec![tree.expr(&at(&counter))],
                    }),
                    stmt(StmtKind::If {
                        cond: replaces,
                        then: vec![stmt(StmtKind::Assign {
                            targets: vec![best, index],
                            values: vec![Expr::Var(value), counter.clone()],
                        })],
                        orelse: Vec::new(),
                    }),
                ];
                out.push(after_first(len, body));
                Expr::Call(Intrinsic::NpScalar(Dtype::I64), vec![Expr::Var(index)])
            }
            Reduction::Sum | Reduction::Mean => {
                let plain = matches!(tree, super::Elementwise::Operand(0)) && operands.len() == 1;
                let view = match dot_view(&operands[0]) {
                    Some((view, _)) if plain => view,
                    // A count (`(x > 0).sum()`): numpy sums booleans as int64, which
                    // no order changes; the mean divides it as float64.
                    _ if matches!(tree, super::Elementwise::Compare(..)) => {
                        let np = |d, e| Expr::Call(Intrinsic::NpScalar(d), vec![e]);
                        let acc = self.vars.push(VarData {
                            name: format!("#count{}", point.as_u32()),
                            hidden: true,
                        });
                        out.push(stmt(StmtKind::Assign {
                            targets: vec![acc],
                            values: vec![np(Dtype::I64, Expr::Int(0))],
                        }));
                        let add = stmt(StmtKind::Assign {
                            targets: vec![acc],
                            values: vec![Expr::Binary(
                                BinOp::Add,
                                Box::new(Expr::Var(acc)),
                                Box::new(np(Dtype::I64, tree.expr(&at(&counter)))),
                            )],
                        });
                        let l = self.loops(point, line, std::slice::from_ref(&len), vec![add]);
                        out.push(l);
                        return Ok(Some(match r {
                            Reduction::Mean => Expr::Binary(
                                BinOp::Div,
                                Box::new(np(Dtype::F64, Expr::Var(acc))),
                                Box::new(len),
                            ),
                            _ => Expr::Var(acc),
                        }));
                    }
                    _ => {
                        // numpy's temporary, of the first operand's dtype.
                        let dtype = self.array_ty(operands[0].array).expect("an array").dtype;
                        let temporary = self.vars.push(VarData {
                            name: format!("#temporary{}", point.as_u32()),
                            hidden: true,
                        });
                        let ty = ArrayTy {
                            dtype,
                            ndim: 1,
                            unit_inner: true,
                            own_buffer: true,
                            list: None,
                            copied: false,
                        };
                        self.temporaries.push((temporary, ty));
                        let ok = self.vars.push(VarData {
                            name: format!("#scratch{}", point.as_u32()),
                            hidden: true,
                        });
                        out.push(stmt(StmtKind::Assign {
                            targets: vec![ok],
                            values: vec![Expr::Call(
                                Intrinsic::Scratch(temporary),
                                vec![len.clone()],
                            )],
                        }));
                        let value = self.vars.push(VarData {
                            name: format!("#value{}", point.as_u32()),
                            hidden: true,
                        });
                        self.forwarded.push((value, temporary));
                        let fill = vec![
                            stmt(StmtKind::Assign {
                                targets: vec![value],
                                values: vec![tree.expr(&at(&counter))],
                            }),
                            stmt(StmtKind::Store {
                                array: temporary,
                                index: vec![counter.clone()],
                                op: None,
                                value: Expr::Var(value),
                            }),
                        ];
                        let l = self.loops(point, line, std::slice::from_ref(&len), fill);
                        out.push(l);
                        DotView {
                            array: temporary,
                            first: vec![Expr::Int(0)],
                            axis: 0,
                            step: 1,
                        }
                    }
                };
                let sum = Expr::Sum(Box::new(view), Box::new(len.clone()));
                match r {
                    Reduction::Mean => Expr::Binary(BinOp::Div, Box::new(sum), Box::new(len)),
                    _ => sum,
                }
            }
        }))
    }
}
