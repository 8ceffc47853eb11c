//! Attributes of objects in a list in compiled code (`crate::objects`): a column's
//! descriptor holds, for each item of the list, the address of the value of its
//! attribute (null where it has none), read in place (`runtime::ObjectLayout`) and
//! replaced in place where only the object holds it, else set by the VM's helper,
//! which puts the new value's address into the column.

use super::{Gen, Val};
use crate::ir::{BinOp, Expr, Var};
use crate::runtime::objects;
use crate::types::{Dtype, Scalar};
use cranelift_codegen::ir::{InstBuilder, MemFlagsData, Value, condcodes::IntCC, types};

type Result<T> = std::result::Result<T, String>;

impl Gen<'_, '_> {
    /// `itemindex(i, n)` (`Intrinsic::ItemIndex`): the position `i` names in a list of
    /// `n` items, or a hand-back where it names none.
    pub(super) fn item_index(&mut self, args: &[Expr]) -> Result<Val> {
        let [index, len] = args else {
            unreachable!("typed as an index and a length")
        };
        let i = self.scalar(index)?.v;
        let n = self.scalar(len)?.v;
        let at = self.python_index(i, n);
        Ok(self.exact(Scalar::Int, at))
    }

    /// The address of item `index`'s value in `column` (an index below its length:
    /// a loop's counter over the list, or `itemindex`'s); hands the statement back
    /// where the object has no such attribute, or a value whose type is not `expected`.
    fn attribute_value(
        &mut self,
        column: Var,
        index: Value,
        expected: Option<&'static str>,
    ) -> Value {
        let layout = crate::runtime::object_layout().expect("`objects::split` checked it");
        let data = self.arrays[column].as_ref().expect("a column").data;
        let flags = MemFlagsData::trusted();
        let offset = self.b.ins().ishl_imm_u(index, 3);
        let address = self.b.ins().iadd(data, offset);
        let value = self.b.ins().load(types::I64, flags, address, 0);
        let missing = self.b.ins().icmp_imm_s(IntCC::Equal, value, 0);
        self.deopt_if(missing);
        if let Some(expected) = expected {
            let ty = self
                .b
                .ins()
                .load(types::I64, flags, value, layout.type_pointer);
            let expected = self.symbol_address(expected);
            let other = self.b.ins().icmp(IntCC::NotEqual, ty, expected);
            self.deopt_if(other);
        }
        self.one_thread = true;
        value
    }

    /// `p.x` of an item `p` (`crate::objects`): its value, read in place.
    pub(super) fn attribute_item(&mut self, column: Var, index: Value, dtype: Dtype) -> Val {
        let layout = crate::runtime::object_layout().expect("`objects::split` checked it");
        match dtype {
            Dtype::F64 => {
                let value = self.attribute_value(column, index, Some(objects::FLOAT_TYPE));
                let v = self.b.ins().load(
                    types::F64,
                    MemFlagsData::trusted(),
                    value,
                    layout.float_value,
                );
                self.exact(Scalar::Float, v)
            }
            Dtype::Bool => {
                let value = self.attribute_value(column, index, None);
                let true_object = self.symbol_address(objects::TRUE_OBJECT);
                let false_object = self.symbol_address(objects::FALSE_OBJECT);
                let t = self.b.ins().icmp(IntCC::Equal, value, true_object);
                let f = self.b.ins().icmp(IntCC::Equal, value, false_object);
                let neither = self.b.ins().bor(t, f);
                let neither = self.b.ins().bxor_imm_s(neither, 1);
                self.deopt_if(neither);
                let v = self.b.ins().uextend(types::I64, t);
                self.exact(Scalar::Bool, v)
            }
            _ => {
                let ints = layout.ints.expect("`objects::split` checked it");
                let value = self.attribute_value(column, index, Some(objects::INT_TYPE));
                let v = self.int_in_place(value, &ints);
                self.exact(Scalar::Int, v)
            }
        }
    }

    /// `p.x = v` (or `op=`) of an item `p` (`crate::objects`): a float (an int of one
    /// word) only the object holds takes the value in place; otherwise the VM's helper
    /// sets the attribute as the interpreter would and points the column at the new
    /// value.
    pub(super) fn attribute_store(
        &mut self,
        column: Var,
        index: &Expr,
        op: Option<BinOp>,
        value: &Expr,
    ) -> Result<()> {
        let ty = self.arrays[column].as_ref().expect("a column").ty;
        let at = self.scalar(index)?.v;
        let old = op.map(|_| self.attribute_item(column, at, ty.dtype));
        let mut val = self.scalar(value)?;
        if let (Some(op), Some(old)) = (op, old) {
            val = self.binary(op, old, val)?;
        }
        self.settle_float_flags();
        if self.inlining > 0 {
            return self.journaled_attribute_store(column, at, val);
        }
        let helper = match val.ty.ty {
            Scalar::Float => "kiln_attr_set_float",
            Scalar::Int => "kiln_attr_set_int",
            Scalar::Bool => "kiln_attr_set_bool",
            other => {
                return Err(format!(
                    "storing {} into an attribute of an object in a list stays interpreted",
                    other.describe()
                ));
            }
        };
        if val.ty.mixed {
            return Err(format!(
                "storing {} into an attribute of an object in a list stays interpreted",
                val.ty.describe()
            ));
        }
        let bits = match val.ty.machine() {
            crate::types::Machine::F64 => {
                self.b.ins().bitcast(types::I64, MemFlagsData::new(), val.v)
            }
            _ => val.v,
        };
        let layout = crate::runtime::object_layout().expect("`objects::split` checked it");
        let data = self.arrays[column].as_ref().expect("a column").data;
        let done = self.b.create_block();
        let call = self.b.create_block();
        let ints = layout.ints.filter(|_| val.ty.ty == Scalar::Int);
        if val.ty.ty == Scalar::Float || ints.is_some() {
            let flags = MemFlagsData::trusted();
            let offset = self.b.ins().ishl_imm_u(at, 3);
            let address = self.b.ins().iadd(data, offset);
            let object = self.b.ins().load(types::I64, flags, address, 0);
            let present = self.b.create_block();
            self.b.ins().brif(object, present, &[], call, &[]);
            self.b.switch_to_block(present);
            self.replace_in_place(object, bits, ints, &layout, call, done);
        } else {
            self.b.ins().jump(call, &[]);
        }
        self.b.switch_to_block(call);
        self.call_checked(helper, &[data, at, bits], types::I64);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        self.one_thread = true;
        Ok(())
    }

    /// `p.x = v` in a method inlined into a statement (`p.move(dt)`): the statement may
    /// still hand back after it, and the interpreter then runs the whole call again, so
    /// the store must be undone (`journal`). A float only the object holds takes the
    /// value in place, its old bits journaled; anything else (no such attribute yet, a
    /// value another name holds too, which the VM's helper would replace) hands the
    /// statement back before the store, where the interpreter makes it.
    fn journaled_attribute_store(&mut self, column: Var, at: Value, val: Val) -> Result<()> {
        if val.ty.ty != Scalar::Float || val.ty.mixed {
            return Err(format!(
                "a method inlined into a loop over a list's objects stores {} into an \
                 attribute (only floats, stored in place); it stays interpreted",
                val.ty.describe()
            ));
        }
        let layout = crate::runtime::object_layout().expect("`objects::split` checked it");
        let flags = MemFlagsData::trusted();
        let data = self.arrays[column].as_ref().expect("a column").data;
        let offset = self.b.ins().ishl_imm_u(at, 3);
        let address = self.b.ins().iadd(data, offset);
        let object = self.b.ins().load(types::I64, flags, address, 0);
        let missing = self.b.ins().icmp_imm_s(IntCC::Equal, object, 0);
        self.deopt_if(missing);
        let ty = self
            .b
            .ins()
            .load(types::I64, flags, object, layout.type_pointer);
        let float_type = self.symbol_address(objects::FLOAT_TYPE);
        let other = self.b.ins().icmp(IntCC::NotEqual, ty, float_type);
        let count = self
            .b
            .ins()
            .load(types::I64, flags, object, layout.refcount);
        let shared = self
            .b
            .ins()
            .icmp_imm_s(IntCC::NotEqual, count, layout.one_reference as i64);
        let refused = self.b.ins().bor(other, shared);
        self.deopt_if(refused);
        let value_at = self.b.ins().iadd_imm_s(object, layout.float_value as i64);
        self.journal_store(value_at, Dtype::F64)?;
        self.b.ins().store(flags, val.v, value_at, 0);
        self.one_thread = true;
        Ok(())
    }
}
