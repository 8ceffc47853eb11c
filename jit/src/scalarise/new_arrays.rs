//! New arrays bound to names inside the nest: `un = u.copy()`, `np.copy(u)`,
//! `lap = u[2:] - 2 * u[1:-1] + u[:-2]`.
//!
//! Such a name is an array for the whole nest (also where it is read before the
//! statement that makes it, on the next iteration): C-contiguous, in memory compiled
//! code owns (`Intrinsic::Scratch`, keyed by the variable), reused on every iteration.
//! So nothing is allocated per iteration; when the nest exits or hands back, the VM
//! makes the one ndarray the name holds from that memory (`frame::ORIGIN_FRESH`).
//! Reusing the memory is sound because nothing else can hold the previous array: the
//! value may not read the name itself, and the nest may not swap the name with
//! another array.

use super::Pass;
use crate::ir::{
    BinOp, CmpOp, EntityRef, Expr, Intrinsic, Nest, NewArray, Stmt, StmtKind, Var, VarData,
};
use crate::types::{ArrayTy, Dtype, Ty};

/// The largest new array of `np.zeros(shape)` compiled code makes itself.
const MAX_BYTES: i64 = 1 << 32;

type Result<T> = std::result::Result<T, String>;

impl Pass<'_> {
    /// The variables the nest gives new arrays (`t = u.copy()`, `t = a[1:] - a[:-1]`),
    /// and their types, to a fixed point (one may be made from another). They are
    /// arrays for the whole nest, also where read before the statement that makes them.
    pub(super) fn find_new_arrays(&mut self, nest: &Nest) {
        loop {
            let mut found = Vec::new();
            for s in nest.statements() {
                let StmtKind::Assign { targets, values } = &s.kind else {
                    continue;
                };
                let ([t], [v]) = (&targets[..], &values[..]) else {
                    continue;
                };
                if self.array_ty(*t).is_some()
                    || matches!(v, Expr::Var(_) | Expr::Load(..))
                    || !self.arrayish(v)
                {
                    continue;
                }
                if let Some(ty) = self.first_operand_ty(v) {
                    found.push((*t, ty));
                }
            }
            if found.is_empty() {
                return;
            }
            self.new_arrays.extend(found);
        }
    }

    /// The type of a new array made from `v`: its first array operand's dtype and the
    /// number of axes of that operand's view, C-contiguous in memory of its own.
    pub(super) fn first_operand_ty(&self, v: &Expr) -> Option<ArrayTy> {
        if let Expr::Call(Intrinsic::NewArray(new), args) = v {
            return self.allocated_ty(*new, args);
        }
        let (var, index) = self.first_operand(v)?;
        self.view_ty(var, index)
    }

    /// The type of a new array of the values of the view `var[index]`.
    fn view_ty(&self, var: Var, index: &[Expr]) -> Option<ArrayTy> {
        let a = self.array_ty(var)?;
        let fixed = index
            .iter()
            .filter(|i| !matches!(i, Expr::Slice(_) | Expr::NewAxis))
            .count() as u32;
        let new = index.iter().filter(|i| matches!(i, Expr::NewAxis)).count() as u32;
        Some(ArrayTy {
            dtype: a.dtype,
            ndim: (a.ndim + new).saturating_sub(fixed),
            unit_inner: true,
            own_buffer: true,
            list: None,
            copied: false,
        })
    }

    /// The first array operand of the array expression `e`, left to right, past the
    /// parts whose value is a number (`a @ b` of vectors, `x.sum()`).
    fn first_operand<'e>(&self, e: &'e Expr) -> Option<(Var, &'e [Expr])> {
        match e {
            Expr::Var(v) if self.array_ty(*v).is_some() => Some((*v, &[])),
            Expr::Load(v, index) if self.is_view(*v, index) => Some((*v, index)),
            Expr::Binary(_, a, b) => self.first_operand(a).or_else(|| self.first_operand(b)),
            Expr::Unary(_, a) => self.first_operand(a),
            Expr::Compare(a, rest) => self
                .first_operand(a)
                .or_else(|| rest.iter().find_map(|(_, e)| self.first_operand(e))),
            Expr::IfExp(c, a, b) => self
                .first_operand(c)
                .or_else(|| self.first_operand(a))
                .or_else(|| self.first_operand(b)),
            Expr::Logic(_, es) | Expr::Call(_, es) => es.iter().find_map(|e| self.first_operand(e)),
            _ => None,
        }
    }

    /// `t = value`, a new array: compiled code's own memory (`Intrinsic::Scratch`), of
    /// the first operand's dtype and the operands' common shape, filled with the
    /// values; the VM makes it an ndarray when the nest exits. The value must not read
    /// `t` (its memory is reused from one iteration to the next), nor may the nest swap
    /// `t` with another array.
    pub(super) fn new_array(&mut self, t: Var, value: &Expr, out: &mut Vec<Stmt>) -> Result<()> {
        let refuse = |pass: &Self, why: &str| {
            Err(pass.err(format!(
                "`{}` is assigned a new array {why}; it stays interpreted",
                pass.name(t)
            )))
        };
        if let Expr::Call(Intrinsic::NewArray(new), args) = value {
            return self.allocate(t, *new, args, out);
        }
        let mut reads_t = false;
        value.walk(&mut |e| reads_t |= matches!(e, Expr::Var(v) | Expr::Load(v, _) if *v == t));
        if reads_t {
            return refuse(self, "computed from its own elements");
        }
        if self.permuted.contains(&t) {
            return refuse(self, "and swapped with another");
        }
        let mut operands = Vec::new();
        let tree = self.elementwise(value, &mut operands, out)?;
        let Some(first) = operands.first() else {
            return refuse(self, "of no array operand");
        };
        let n = first.axes.len();
        if operands
            .iter()
            .any(|o| o.axes.len() != n || o.axes.iter().any(|a| a.base.is_none()))
        {
            return refuse(self, "whose operands broadcast");
        }
        let lens: Vec<Expr> = first.axes.iter().map(|a| a.len.clone()).collect();
        let dtype = self.array_ty(first.array).expect("an array").dtype;
        let ty = ArrayTy {
            dtype,
            ndim: n as u32,
            unit_inner: true,
            own_buffer: true,
            list: None,
            copied: false,
        };
        if !self.holds(t, ty) {
            return refuse(self, "of another kind than it holds elsewhere");
        }
        let checks: Vec<Expr> = operands[1..]
            .iter()
            .flat_map(|o| o.axes.iter().zip(&lens))
            .filter(|(a, len)| a.len != **len)
            .map(|(a, len)| Expr::Compare(Box::new(a.len.clone()), vec![(CmpOp::Eq, len.clone())]))
            .collect();
        for c in checks {
            self.check(c, out);
        }
        self.temporaries.push((t, ty));
        let counters: Vec<Expr> = (0..n).map(|k| Expr::Var(self.counter(k))).collect();
        let loads: Vec<Expr> = operands
            .iter()
            .map(|o| o.element(&counters, None))
            .collect();
        self.fill(t, &lens, tree.expr(&loads), true, out);
        Ok(())
    }

    /// Whether `t` may be given a new array of type `ty`: it holds one of that type on
    /// entry, or nothing, and every new array the nest gives it has that type.
    pub(super) fn holds(&self, t: Var, ty: ArrayTy) -> bool {
        match self.entry.get(t.index()) {
            // A temporary of the pass's own has no entry type.
            None | Some(Ty::Unbound) => self.new_arrays.get(&t) == Some(&ty),
            Some(Ty::Array(a)) => *a == ty,
            _ => false,
        }
    }

    /// The type of `np.zeros(...)`, `np.ones_like(...)` with these arguments.
    fn allocated_ty(&self, new: NewArray, args: &[Expr]) -> Option<ArrayTy> {
        let (dtype, ndim) = if new.like {
            let arg = args.first()?;
            if !matches!(arg, Expr::Var(_) | Expr::Load(..)) {
                return None;
            }
            let (var, index) = self.first_operand(arg)?;
            let t = self.view_ty(var, index)?;
            (t.dtype, t.ndim)
        } else {
            (new.dtype?, args.len() as u32)
        };
        Some(ArrayTy {
            dtype: new.dtype.unwrap_or(dtype),
            ndim,
            unit_inner: true,
            own_buffer: true,
            list: None,
            copied: false,
        })
    }

    /// `t = np.zeros(shape)` and its kin: compiled code's own memory of that shape,
    /// filled with zeros or ones. A negative length hands the statement to the
    /// interpreter (numpy raises ValueError).
    fn allocate(
        &mut self,
        t: Var,
        new: NewArray,
        args: &[Expr],
        out: &mut Vec<Stmt>,
    ) -> Result<()> {
        let refuse = |pass: &Self, why: &str| {
            Err(pass.err(format!(
                "`{}` is assigned `{}()` {why}; it stays interpreted",
                pass.name(t),
                new.name()
            )))
        };
        let Some(ty) = self.allocated_ty(new, args) else {
            return refuse(self, "of something other than an array");
        };
        if !self.holds(t, ty) {
            return refuse(self, "of another kind than it holds elsewhere");
        }
        let lens: Vec<Expr> = if new.like {
            let (var, index): (Var, &[Expr]) = match &args[0] {
                Expr::Var(v) => (*v, &[]),
                Expr::Load(v, index) => (*v, index),
                _ => unreachable!("typed by allocated_ty"),
            };
            let view = self.view(var, index, out)?;
            view.axes.iter().map(|a| a.len.clone()).collect()
        } else {
            let mut lens = Vec::new();
            for len in args {
                let len = self.bind("len", len.clone(), out);
                let ok = Expr::Compare(Box::new(len.clone()), vec![(CmpOp::Ge, Expr::Int(0))]);
                self.check(ok, out);
                lens.push(len);
            }
            // Past 4 GiB (or a size beyond 64 bits, whose product hands back) the
            // interpreter allocates, or raises MemoryError.
            let bytes = lens
                .iter()
                .fold(Expr::Int(ty.dtype.size() as i64), |acc, len| {
                    Expr::Binary(BinOp::Mul, Box::new(acc), Box::new(len.clone()))
                });
            let fits = Expr::Compare(Box::new(bytes), vec![(CmpOp::Le, Expr::Int(MAX_BYTES))]);
            self.check(fits, out);
            lens
        };
        let one = new.ones as i64;
        let value = match ty.dtype {
            Dtype::F64 | Dtype::F32 => Expr::Float(one as f64),
            Dtype::Bool => Expr::Bool(new.ones),
            Dtype::C128 => return refuse(self, "of complex numbers"),
            _ => Expr::Int(one),
        };
        self.temporaries.push((t, ty));
        if new.ones {
            self.fill(t, &lens, value, false, out);
        } else {
            // Zeros: the memory cleared by one call, no loop to compile.
            self.effect("zeros", Expr::Call(Intrinsic::Scratch(t), lens), out);
            self.effect("zeros", Expr::Call(Intrinsic::Zeroed(t), Vec::new()), out);
        }
        Ok(())
    }

    /// Points `t` at scratch memory of shape `lens` and stores `value` (in terms of the
    /// counters of the loops over `lens`) into each element; `forward`: statements
    /// fused after this one may read the value in place of the element (it has `t`'s
    /// dtype).
    fn fill(&mut self, t: Var, lens: &[Expr], value: Expr, forward: bool, out: &mut Vec<Stmt>) {
        let (point, line) = (self.point, self.line);
        let at = |kind| Stmt { point, line, kind };
        self.effect(
            "scratch",
            Expr::Call(Intrinsic::Scratch(t), lens.to_vec()),
            out,
        );
        let v = self.vars.push(VarData {
            name: format!("#value{}", point.as_u32()),
            hidden: true,
        });
        if forward {
            self.forwarded.push((v, t));
        }
        let counters: Vec<Expr> = (0..lens.len())
            .map(|k| Expr::Var(self.counter(k)))
            .collect();
        let fill = vec![
            at(StmtKind::Assign {
                targets: vec![v],
                values: vec![value],
            }),
            at(StmtKind::Store {
                array: t,
                index: counters,
                op: None,
                value: Expr::Var(v),
            }),
        ];
        let l = self.loops(point, line, lens, fill);
        out.push(l);
    }
}
