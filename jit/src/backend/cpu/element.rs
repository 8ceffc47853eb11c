//! Array elements: addresses with Python's negative-index wrap and numpy's bounds
//! check (skipped for subscripts `bounds` proved), loads as numpy scalars, and stores
//! converted as numpy's item assignment converts.

use super::expr::Rounding;
use super::{Gen, Val};
use crate::ir::{BinOp, Expr, Var};
use crate::types::{Dtype, Machine, Scalar, ScalarTy};
use cranelift_codegen::ir::{
    InstBuilder, MemFlagsData, Value,
    condcodes::{FloatCC, IntCC},
    types,
};

type Result<T> = std::result::Result<T, String>;

impl Gen<'_, '_> {
    /// The address of `array[index...]`, after Python's negative-index wrap and numpy's
    /// bounds check (an index out of bounds is the interpreter's IndexError).
    pub(super) fn element_address(&mut self, array: Var, index: &[Expr]) -> Result<Value> {
        self.typing.array(array)?;
        if let (Some(hoisted), Some(var)) = (self.access_bases.get(&index.as_ptr()), self.loop_var)
        {
            let hoisted = hoisted.clone();
            let v = self.read_var(var).v;
            let mut address = hoisted.base;
            for stride in hoisted.induction {
                let scaled = self.b.ins().imul(v, stride);
                address = self.b.ins().iadd(address, scaled);
            }
            return Ok(address);
        }
        let mut offset = self.iconst(0);
        for (k, e) in index.iter().enumerate() {
            let (extent, stride) = {
                let a = self.arrays[array].as_ref().expect("typed as an array");
                (a.shape[k], a.strides[k])
            };
            if self.proven.contains(&(e as *const Expr)) {
                let i = self.proven_subscript(e);
                let scaled = self.b.ins().imul(i, stride);
                offset = self.b.ins().iadd(offset, scaled);
                continue;
            }
            let i = self.scalar(e)?;
            let idx = self.python_index(i.v, extent);
            let scaled = self.b.ins().imul(idx, stride);
            offset = self.b.ins().iadd(offset, scaled);
        }
        let data = self.arrays[array].as_ref().unwrap().data;
        Ok(self.b.ins().iadd(data, offset))
    }

    /// A subscript `bounds` proved: `v`, `v + c`, `v - c`, `v + w`, `w - v + c` or `c`,
    /// whose value lies inside its axis, so the sum cannot overflow and needs no check.
    fn proven_subscript(&mut self, e: &Expr) -> Value {
        let nested = self.nest_forms.as_ref();
        if let Some(p) = nested.and_then(|n| n.forms.get(&(e as *const Expr))) {
            let p = p.clone();
            return self.nest_form_value(&p);
        }
        if let Some(v) = self.proven_values.get(&(e as *const Expr)) {
            return *v;
        }
        if let Some(var) = self.loop_var
            && let Some((w, c)) = super::bounds::reversed(e, var)
        {
            let v = self.read_var(var).v;
            let w = match w {
                Some(w) => self.read_var(w).v,
                None => self.iconst(0),
            };
            let d = self.b.ins().isub(w, v);
            return self.b.ins().iadd_imm_s(d, c);
        }
        let (var, c) = match e {
            Expr::Int(c) => return self.iconst(*c),
            Expr::Var(v) => (v, 0),
            Expr::Binary(BinOp::Add, a, b) => match (&**a, &**b) {
                (Expr::Var(v), Expr::Int(c)) | (Expr::Int(c), Expr::Var(v)) => (v, *c),
                (Expr::Var(v), Expr::Var(w)) => {
                    let (v, w) = (self.read_var(*v).v, self.read_var(*w).v);
                    return self.b.ins().iadd(v, w);
                }
                _ => unreachable!("bounds proves only these forms"),
            },
            Expr::Binary(BinOp::Sub, a, b) => match (&**a, &**b) {
                (Expr::Var(v), Expr::Int(c)) => (v, -c),
                _ => unreachable!("bounds proves only these forms"),
            },
            _ => unreachable!("bounds proves only these forms"),
        };
        let v = self.read_var(*var).v;
        self.b.ins().iadd_imm_s(v, c)
    }

    /// Reads an element; `constant` when its array does not change while the nest runs
    /// (`Gen::constant_arrays`).
    pub(super) fn load_element(&mut self, address: Value, dtype: Dtype, constant: bool) -> Val {
        let flags = if constant {
            MemFlagsData::trusted().with_readonly()
        } else {
            MemFlagsData::trusted()
        };
        let ins = self.b.ins();
        let v = match dtype {
            Dtype::Bool | Dtype::U8 => ins.uload8(types::I64, flags, address, 0),
            Dtype::I8 => ins.sload8(types::I64, flags, address, 0),
            Dtype::I16 => ins.sload16(types::I64, flags, address, 0),
            Dtype::U16 => ins.uload16(types::I64, flags, address, 0),
            Dtype::I32 => ins.sload32(flags, address, 0),
            Dtype::U32 => ins.uload32(flags, address, 0),
            Dtype::I64 | Dtype::U64 => ins.load(types::I64, flags, address, 0),
            Dtype::F32 => ins.load(types::F32, flags, address, 0),
            Dtype::F64 => ins.load(types::F64, flags, address, 0),
            Dtype::C128 => unreachable!("complex arrays are float64 arrays here"),
        };
        let v = if dtype == Dtype::Bool {
            // numpy reads any non-zero byte as True.
            let t = self.b.ins().icmp_imm_s(IntCC::NotEqual, v, 0);
            self.b.ins().uextend(types::I64, t)
        } else {
            v
        };
        self.exact(Scalar::Np(dtype), v)
    }

    /// Stores `val` into an element of `dtype`, converted as numpy's item assignment
    /// converts; anything numpy would raise or warn about goes to the interpreter.
    /// Returns the machine value stored.
    pub(super) fn store_element(
        &mut self,
        address: Value,
        dtype: Dtype,
        val: Val,
    ) -> Result<Value> {
        let flags = MemFlagsData::trusted();
        match dtype {
            Dtype::F64 | Dtype::F32 => {
                let m = if dtype == Dtype::F64 {
                    Machine::F64
                } else {
                    Machine::F32
                };
                let v = self.convert_float(&val, m);
                if dtype == Dtype::F32 && val.ty.machine() == Machine::F64 {
                    // A double too large for float32: numpy's overflow warning.
                    let wide = self.b.ins().fpromote(types::F64, v);
                    let abs = self.b.ins().fabs(wide);
                    let inf = self.b.ins().f64const(f64::INFINITY);
                    let became_inf = self.b.ins().fcmp(FloatCC::Equal, abs, inf);
                    let was_abs = self.b.ins().fabs(val.v);
                    let was_finite = self.b.ins().fcmp(FloatCC::LessThan, was_abs, inf);
                    let overflow = self.b.ins().band(became_inf, was_finite);
                    self.deopt_if(overflow);
                }
                self.b.ins().store(flags, v, address, 0);
                Ok(v)
            }
            Dtype::Bool => {
                let t = self.truth_of(&val);
                self.b.ins().store(flags, t, address, 0);
                Ok(t)
            }
            Dtype::U64 => Err("uint64 elements stay interpreted".into()),
            d => {
                let v = self.python_int(&val, Rounding::Trunc);
                self.check_range(v, ScalarTy::exact(Scalar::Np(d)));
                match d.size() {
                    1 => self.b.ins().istore8(flags, v, address, 0),
                    2 => self.b.ins().istore16(flags, v, address, 0),
                    4 => self.b.ins().istore32(flags, v, address, 0),
                    _ => self.b.ins().store(flags, v, address, 0),
                };
                Ok(v)
            }
        }
    }

    /// `array[index] = value` (`op=` when `op` is given); in an inlined body, journaled.
    pub(super) fn store(
        &mut self,
        array: Var,
        index: &[Expr],
        op: Option<BinOp>,
        value: &Expr,
    ) -> Result<()> {
        match self.arrays[array].as_ref().unwrap().ty.list {
            Some(crate::types::Elements::Attribute) => {
                return self.attribute_store(array, &index[0], op, value);
            }
            Some(_) => return self.list_store(array, index, op, value),
            None => {}
        }
        let address = self.element_address(array, index)?;
        let dtype = self.arrays[array].as_ref().unwrap().ty.dtype;
        let forwarded = self.forwarded_store(index);
        // `a[i] op= value` reads the element before it evaluates `value`, as Python
        // does: a call inlined into `value` may store into the same element.
        let old = op.map(|_| match forwarded {
            Some(var) => {
                let v = self.b.use_var(var);
                self.exact(Scalar::Np(dtype), v)
            }
            None => self.load_element(address, dtype, false),
        });
        let mut val = self.scalar(value)?;
        if let (Some(op), Some(old)) = (op, old) {
            val = self.binary(op, old, val)?;
        }
        self.settle_float_flags();
        if self.inlining > 0 {
            self.journal_store(address, dtype)?;
        }
        let stored = self.store_element(address, dtype, val)?;
        // Under the CPU's flags a store that a later one overwrites is dead to
        // Cranelift, which removes it and then the arithmetic that raised the flag
        // numpy warns about (`r[k] *= q / p` then `r[k] = 0`): the value is sunk.
        if self.floats_by_hardware() {
            self.sink_value(stored);
        }
        if let Some(var) = forwarded {
            self.b.def_var(var, stored);
        }
        Ok(())
    }
}

impl Gen<'_, '_> {
    /// The inner product of two 1-d views through the interpreter's matrix product
    /// (`runtime::kiln_dot_f64`). An empty view's first element may lie past its axis:
    /// then the check hands the statement to the interpreter, which gives 0.
    pub(super) fn dot(&mut self, views: &[crate::ir::DotView; 2], len: &Expr) -> Result<Val> {
        let n = self.scalar(len)?.v;
        let mut args = Vec::new();
        let mut dtype = Dtype::F64;
        for d in views {
            let address = self.element_address(d.array, &d.first)?;
            let a = self.arrays[d.array].as_ref().expect("typed as an array");
            dtype = a.ty.dtype;
            let stride = a.strides[d.axis];
            let stride = self.b.ins().imul_imm_s(stride, d.step);
            args.extend([address, stride]);
        }
        args.push(n);
        let (name, ty) = match dtype {
            Dtype::F32 => ("kiln_dot_f32", types::F32),
            _ => ("kiln_dot_f64", types::F64),
        };
        let p = self.pointer;
        let f = self.helper(name, &[p, types::I64, p, types::I64, types::I64], ty);
        let call = self.b.ins().call(f, &args);
        let v = self.b.inst_results(call)[0];
        Ok(self.exact(Scalar::Np(dtype), v))
    }

    /// `x.sum()` of a 1-d view in numpy's pairwise order (`runtime::kiln_sum_f64`).
    pub(super) fn sum(&mut self, view: &crate::ir::DotView, len: &Expr) -> Result<Val> {
        let n = self.scalar(len)?.v;
        let address = self.element_address(view.array, &view.first)?;
        let a = self.arrays[view.array].as_ref().expect("typed as an array");
        let dtype = a.ty.dtype;
        let stride = a.strides[view.axis];
        let stride = self.b.ins().imul_imm_s(stride, view.step);
        let (name, ty) = match dtype {
            Dtype::F32 => ("kiln_sum_f32", types::F32),
            _ => ("kiln_sum_f64", types::F64),
        };
        let p = self.pointer;
        let f = self.helper(name, &[p, types::I64, types::I64], ty);
        let call = self.b.ins().call(f, &[address, stride, n]);
        let v = self.b.inst_results(call)[0];
        Ok(self.exact(Scalar::Np(dtype), v))
    }
}
