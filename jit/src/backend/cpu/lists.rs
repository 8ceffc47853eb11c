//! Lists in compiled code (`crate::lists`): a list variable's descriptor holds the list
//! object as its data, and its items, its length and appending to it go through the
//! helpers the VM provides (`runtime::provide`), which take them as Python does at
//! that moment.

use super::{Gen, Val};
use crate::ir::{Expr, Var};
use crate::types::{Dtype, Elements, Scalar};
use cranelift_codegen::ir::{InstBuilder, MemFlagsData, Value, types};

type Result<T> = std::result::Result<T, String>;

impl Gen<'_, '_> {
    /// An item of a list (`crate::lists`), by the VM's helper for its kind of number:
    /// its descriptor's data is the list object, and the helper takes `index` as
    /// Python does (from the end where negative) against the list's length now. An
    /// index out of range, or an item of another kind than the helper reads, hands the
    /// statement back.
    pub(super) fn list_item(
        &mut self,
        list: Var,
        index: Value,
        elements: Elements,
        dtype: Dtype,
    ) -> Val {
        let data = self.arrays[list].as_ref().unwrap().data;
        let (helper, ty) = match (elements, dtype) {
            (Elements::Python, Dtype::F64) => ("kiln_list_float", Scalar::Float),
            (Elements::Python, _) => ("kiln_list_int", Scalar::Int),
            (Elements::Numpy, Dtype::F64) => ("kiln_list_np_float64", Scalar::Np(Dtype::F64)),
            (Elements::Numpy, _) => ("kiln_list_np_int64", Scalar::Np(Dtype::I64)),
        };
        let bits = self.call_checked(helper, data, index, types::I64);
        let v = if dtype == Dtype::F64 {
            self.b.ins().bitcast(types::F64, MemFlagsData::new(), bits)
        } else {
            bits
        };
        self.exact(ty, v)
    }

    /// The list's length now (compiled code may have appended to it).
    pub(super) fn list_len(&mut self, list: Var) -> Value {
        let data = self.arrays[list].as_ref().expect("a list").data;
        let f = self.helper("kiln_list_len", &[types::I64], types::I64);
        let call = self.b.ins().call(f, &[data]);
        self.b.inst_results(call)[0]
    }

    /// `xs.append(v)` (`Intrinsic::ListAppend`): the VM's helper for the value's kind
    /// boxes it and puts it at the end of the list, which the descriptor's data is.
    pub(super) fn list_append(&mut self, args: &[Expr]) -> Result<Val> {
        let [Expr::Var(list), value] = args else {
            unreachable!("typed as a list and a value")
        };
        let v = self.scalar(value)?;
        let (helper, bits) = match v.ty.ty {
            Scalar::Float => (
                "kiln_list_append_float",
                self.b.ins().bitcast(types::I64, MemFlagsData::new(), v.v),
            ),
            Scalar::Int => ("kiln_list_append_int", v.v),
            Scalar::Np(Dtype::F64) => (
                "kiln_list_append_np_float64",
                self.b.ins().bitcast(types::I64, MemFlagsData::new(), v.v),
            ),
            _ => ("kiln_list_append_np_int64", v.v),
        };
        let data = self.arrays[*list].as_ref().expect("a list").data;
        let f = self.helper(helper, &[types::I64, types::I64], types::I64);
        self.b.ins().call(f, &[data, bits]);
        let t = self.iconst(1);
        Ok(self.exact(Scalar::Bool, t))
    }
}
