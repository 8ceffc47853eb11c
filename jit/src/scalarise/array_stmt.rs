//! An array statement (`a[1:-1] = u[2:] - u[:-2]`, `x += v * dt`) as the pass first
//! takes it: the target view and its loops' bounds, the value's operands as elements
//! at the shared counters (broadcast against the target's axes, lengths numpy would
//! refuse or that are 1 only at run time checked, to hand the statement back), what
//! is evaluated before the loops, whether the value rereads its target (every value is
//! then settled before any store) and whether it goes through a temporary first, as
//! numpy's does where a read may overlap the target elsewhere than at the element
//! written. [`super::fuse`] then fuses it with its neighbours or it is emitted alone.

use super::*;

impl Pass<'_> {
    /// `array[index] op= value` where the target is a view, or `array op= value`.
    pub(super) fn array_statement(
        &mut self,
        array: Var,
        index: &[Expr],
        op: Option<BinOp>,
        value: &Expr,
    ) -> Result<ArrayStmt> {
        self.array_points.insert(self.point);
        let mut prologue = Vec::new();
        let out = &mut prologue;
        let target = self.view(array, index, out)?;
        let mut operands = Vec::new();
        let tree = self.elementwise(value, &mut operands, out)?;
        // Which operands read the target's buffer, and whether at the elements the
        // statement writes or at others.
        let mut rereads = op.is_some();
        // Whether the values go to a temporary first, as numpy computes them (reads
        // that may overlap the target elsewhere than at the element written).
        let mut temporary = false;
        for o in &operands {
            if o.array != array {
                continue;
            }
            rereads = true;
            if o.written == target.written {
                continue;
            }
            match apart_or_same(&target, o) {
                Some(cond) => self.check(cond, out),
                // `u[1:-1] = u[1:-1] + r * (u[2:] - ...)`: numpy's temporary.
                None => temporary = true,
            }
        }
        let own = self.array_ty(array).is_some_and(|a| a.own_buffer);
        temporary |= !own && operands.iter().any(|o| o.array != array);
        if temporary && target.axes.is_empty() {
            return Err(self.err(format!(
                "`{}` (0-d) is read through a view that may overlap it; it stays interpreted",
                self.name(array)
            )));
        }
        // Broadcasting: each operand's axes line up with the target's last ones. A new
        // axis (extent 1) repeats its element along the target's; any other axis must
        // have the target's length: one that is 1 only at run time hands the statement
        // to the interpreter, as does a length numpy refuses.
        let nt = target.axes.len();
        let mut steps: Vec<Vec<i64>> = Vec::new();
        for o in &operands {
            if o.axes.len() > nt {
                return Err(self.err(format!(
                    "a value with more axes than the target `{}` view stays interpreted",
                    self.name(array)
                )));
            }
            let shift = nt - o.axes.len();
            let mut per_axis = Vec::new();
            for (k, axis) in o.axes.iter().enumerate() {
                let t = target.axes[k + shift].len.clone();
                if axis.len == Expr::Int(1) {
                    per_axis.push(0);
                    continue;
                }
                if axis.len != t {
                    let same = Expr::Compare(Box::new(axis.len.clone()), vec![(CmpOp::Eq, t)]);
                    self.check(same, out);
                }
                per_axis.push(axis.step);
            }
            steps.push(per_axis);
        }
        let counters: Vec<Var> = (0..nt).map(|k| self.counter(k)).collect();
        let counters: Vec<Expr> = counters.into_iter().map(Expr::Var).collect();
        let element = |view: &View, steps: Option<&[i64]>| view.element(&counters, steps);
        let loads: Vec<Expr> = operands
            .iter()
            .zip(&steps)
            .map(|(o, s)| element(o, Some(s)))
            .collect();
        let value = tree.expr(&loads);
        let Expr::Load(_, target_index) = element(&target, None) else {
            unreachable!("an element")
        };
        let mut prologue_reads = HashSet::default();
        for stmt in &prologue {
            for e in stmt.exprs() {
                array_reads(e, &mut prologue_reads);
            }
        }
        // A scalar operand read from the target (`m[1:4] = m[1, 0] / x`) was read before
        // any store, as numpy reads it; a hand-back half way through the stores would
        // have the interpreter read it again, changed: settle every value first.
        let rereads = rereads || prologue_reads.contains(&array);
        let temporary = temporary || (rereads && self.careful && !target.axes.is_empty());
        let temporary = temporary.then(|| {
            let var = self.vars.push(VarData {
                name: format!("#temporary{}", self.point.as_u32()),
                hidden: true,
            });
            let ty = ArrayTy {
                dtype: self.array_ty(array).expect("an array").dtype,
                ndim: nt as u32,
                unit_inner: true,
                own_buffer: true,
                list: None,
                copied: false,
            };
            self.temporaries.push((var, ty));
            var
        });
        if let Some(op) = op {
            self.in_place_updates.push(InPlace {
                line: self.line,
                array,
                index: target_index.clone(),
                op,
                value: value.clone(),
            });
        }
        Ok(ArrayStmt {
            temporary,
            point: self.point,
            line: self.line,
            prologue,
            lens: target.axes.iter().map(|a| a.len.clone()).collect(),
            array,
            written: target.written,
            index: target_index,
            op,
            value,
            rereads,
            reads: operands.into_iter().map(|o| (o.array, o.written)).collect(),
            prologue_reads,
        })
    }
}

/// Every array `e` may read: its loads, and through an inlined call, the arrays passed
/// to it and those its body loads (a helper reading the target through its parameter,
/// `w[:] = v / first_pos(u)`, reads `u`).
fn array_reads(e: &Expr, out: &mut HashSet<Var>) {
    e.walk(&mut |e| match e {
        Expr::Load(a, _) => {
            out.insert(*a);
        }
        Expr::Inline(inl) => {
            for (_, arg) in &inl.params {
                if let Expr::Var(v) = arg {
                    out.insert(*v);
                }
            }
            for stmt in &inl.body {
                stmt.each_with_inlined(&mut |s| {
                    for e in s.exprs() {
                        array_reads(e, out);
                    }
                });
            }
            array_reads(&inl.result, out);
        }
        _ => {}
    });
}
