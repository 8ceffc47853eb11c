//! Lists in compiled code (`crate::lists`): a list variable's descriptor holds the list
//! object as its data, and its items (read and stored), its length and appending to
//! it go through the helpers the VM provides (`runtime::provide`), which take them as
//! Python does at that moment.

use super::{Gen, Val};
use crate::ir::{BinOp, Expr, Var};
use crate::runtime::objects;
use crate::types::{Dtype, Elements, ListItems, Scalar};
use cranelift_codegen::ir::{InstBuilder, MemFlagsData, Value, condcodes::IntCC, types};

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
        index: &[Value],
        elements: Elements,
        dtype: Dtype,
    ) -> Val {
        let data = self.arrays[list].as_ref().unwrap().data;
        // Python ints of a machine word, where the VM found their layout: read in place.
        if let (Some(layout), Elements::Python, Dtype::I64) =
            (crate::runtime::object_layout(), elements, dtype)
            && let Some(ints) = layout.ints
        {
            let mut object = data;
            for (k, at) in index.iter().enumerate() {
                let expected = if k + 1 < index.len() {
                    objects::LIST_TYPE
                } else {
                    objects::INT_TYPE
                };
                object = self.list_item_in_place(object, *at, Some(expected), &layout);
            }
            let v = self.int_in_place(object, &ints);
            return self.exact(Scalar::Int, v);
        }
        // Python floats and bools, where the VM gave its layout: read in place.
        if let (Some(layout), Elements::Python, Dtype::F64 | Dtype::Bool) =
            (crate::runtime::object_layout(), elements, dtype)
        {
            // A float's type is checked; a bool is one of two objects.
            let float = dtype == Dtype::F64;
            let mut object = data;
            for (k, at) in index.iter().enumerate() {
                let expected = if k + 1 < index.len() {
                    Some(objects::LIST_TYPE)
                } else {
                    float.then_some(objects::FLOAT_TYPE)
                };
                object = self.list_item_in_place(object, *at, expected, &layout);
            }
            if float {
                let v = self.b.ins().load(
                    types::F64,
                    MemFlagsData::trusted(),
                    object,
                    layout.float_value,
                );
                return self.exact(Scalar::Float, v);
            }
            let true_object = self.symbol_address(objects::TRUE_OBJECT);
            let false_object = self.symbol_address(objects::FALSE_OBJECT);
            let t = self.b.ins().icmp(IntCC::Equal, object, true_object);
            let f = self.b.ins().icmp(IntCC::Equal, object, false_object);
            let neither = self.b.ins().bor(t, f);
            let neither = self.b.ins().bxor_imm_s(neither, 1);
            self.deopt_if(neither);
            let v = self.b.ins().uextend(types::I64, t);
            return self.exact(Scalar::Bool, v);
        }
        // Of a list of rows, `A[i][k]`: the helper takes both subscripts.
        let kind = ListItems::new(elements, dtype);
        let helper = match (kind, index.len() == 2) {
            (ListItems::Bool, false) => "kiln_list_bool",
            (ListItems::Bool, true) => "kiln_list2_bool",
            (ListItems::Float, false) => "kiln_list_float",
            (ListItems::Int, false) => "kiln_list_int",
            (ListItems::NpFloat64, false) => "kiln_list_np_float64",
            (ListItems::NpInt64, false) => "kiln_list_np_int64",
            (ListItems::Float, true) => "kiln_list2_float",
            (ListItems::Int, true) => "kiln_list2_int",
            (ListItems::NpFloat64, true) => "kiln_list2_np_float64",
            (ListItems::NpInt64, true) => "kiln_list2_np_int64",
        };
        let ty = kind.scalar();
        let mut args = vec![data];
        args.extend_from_slice(index);
        let bits = self.call_checked(helper, &args, types::I64);
        let v = if dtype == Dtype::F64 {
            self.b.ins().bitcast(types::F64, MemFlagsData::new(), bits)
        } else {
            bits
        };
        self.exact(ty, v)
    }

    /// The value of the Python int `object`: handing the statement back where it is
    /// not of one word or does not fit an i64 (the helper would too).
    pub(super) fn int_in_place(
        &mut self,
        object: Value,
        ints: &crate::runtime::IntLayout,
    ) -> Value {
        let flags = MemFlagsData::trusted();
        let tag = self.b.ins().load(types::I64, flags, object, ints.tag);
        let large = self
            .b
            .ins()
            .icmp_imm_s(IntCC::NotEqual, tag, ints.small as i64);
        self.deopt_if(large);
        let magnitude = self.b.ins().load(types::I64, flags, object, ints.magnitude);
        let sign = self.b.ins().uload8(types::I32, flags, object, ints.sign);
        let positive = self
            .b
            .ins()
            .icmp_imm_s(IntCC::Equal, sign, i64::from(ints.positive));
        // Up to 2**63 - 1 above zero, 2**63 below.
        let fits_above = self
            .b
            .ins()
            .icmp_imm_s(IntCC::SignedGreaterThanOrEqual, magnitude, 0);
        let fits_below =
            self.b
                .ins()
                .icmp_imm_s(IntCC::UnsignedLessThanOrEqual, magnitude, i64::MIN);
        let fits = self.b.ins().select(positive, fits_above, fits_below);
        let wide = self.b.ins().bxor_imm_s(fits, 1);
        self.deopt_if(wide);
        let negated = self.b.ins().ineg(magnitude);
        self.b.ins().select(positive, magnitude, negated)
    }

    /// `xs[i] = v`, `A[i][k] op= v` (`crate::lists`): the VM's helper for the kind of
    /// number stored boxes it as the interpreter would and puts it in the list at that
    /// moment; an index out of range (or a row that is no list) hands the statement back.
    pub(super) fn list_store(
        &mut self,
        list: Var,
        index: &[Expr],
        op: Option<BinOp>,
        value: &Expr,
    ) -> Result<()> {
        if self.inlining > 0 {
            return Err("a store into a list in an inlined function stays interpreted".into());
        }
        let ty = self.arrays[list].as_ref().expect("a list").ty;
        let elements = ty.list.expect("a list");
        let mut at = Vec::with_capacity(index.len());
        for i in index {
            at.push(self.scalar(i)?.v);
        }
        // `A[i][k] += v` reads the item before it evaluates `v`, as Python does.
        let old = op.map(|_| self.list_item(list, &at, elements, ty.dtype));
        let mut val = self.scalar(value)?;
        if let (Some(op), Some(old)) = (op, old) {
            val = self.binary(op, old, val)?;
        }
        self.settle_float_flags();
        // A loop over the list binds its items unchecked (`check_iterated_lists`).
        let kind = ListItems::new(elements, ty.dtype).scalar();
        if self.iterated_lists.contains(&list) && (val.ty.ty != kind || val.ty.mixed) {
            return Err(format!(
                "storing {} into `{}` while a loop runs over it stays interpreted",
                val.ty.describe(),
                self.nest.vars[list].name
            ));
        }
        let rows = index.len() == 2;
        let helper = match (val.ty.ty, rows) {
            (Scalar::Float, false) => "kiln_list_set_float",
            (Scalar::Int, false) => "kiln_list_set_int",
            (Scalar::Bool, false) => "kiln_list_set_bool",
            (Scalar::Np(Dtype::F64), false) => "kiln_list_set_np_float64",
            (Scalar::Np(Dtype::I64), false) => "kiln_list_set_np_int64",
            (Scalar::Float, true) => "kiln_list2_set_float",
            (Scalar::Int, true) => "kiln_list2_set_int",
            (Scalar::Bool, true) => "kiln_list2_set_bool",
            (Scalar::Np(Dtype::F64), true) => "kiln_list2_set_np_float64",
            (Scalar::Np(Dtype::I64), true) => "kiln_list2_set_np_int64",
            (other, _) => {
                return Err(format!(
                    "storing {} into a list stays interpreted",
                    other.describe()
                ));
            }
        };
        let bits = match val.ty.machine() {
            crate::types::Machine::F64 => {
                self.b.ins().bitcast(types::I64, MemFlagsData::new(), val.v)
            }
            _ => val.v,
        };
        let data = self.arrays[list].as_ref().expect("a list").data;
        // A Python float stored over a float only the list holds: its value replaced
        // in place (as the helper would), with no call and nothing allocated.
        let done = self.b.create_block();
        let layout = crate::runtime::object_layout().filter(|l| {
            !val.ty.mixed
                && match val.ty.ty {
                    Scalar::Float => true,
                    Scalar::Int => l.ints.is_some(),
                    _ => false,
                }
        });
        if let Some(layout) = layout {
            let mut object = data;
            for (k, i) in at.iter().enumerate() {
                let expected = (k + 1 < at.len()).then_some(objects::LIST_TYPE);
                object = self.list_item_in_place(object, *i, expected, &layout);
            }
            let ints = layout.ints.filter(|_| val.ty.ty == Scalar::Int);
            let call = self.b.create_block();
            self.replace_in_place(object, bits, ints, &layout, call, done);
            self.b.switch_to_block(call);
        }
        let mut args = vec![data];
        args.extend(at);
        args.push(bits);
        self.call_checked(helper, &args, types::I64);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        Ok(())
    }

    /// Replaces the value of `object` (a live Python object, held by one list or
    /// one object's `__dict__`) by `bits` where it is a float (an int of one word,
    /// with `ints`) that holds one reference, then jumps to `done`; else to `call`.
    pub(super) fn replace_in_place(
        &mut self,
        object: Value,
        bits: Value,
        ints: Option<crate::runtime::IntLayout>,
        layout: &crate::runtime::ObjectLayout,
        call: cranelift_codegen::ir::Block,
        done: cranelift_codegen::ir::Block,
    ) {
        let flags = MemFlagsData::trusted();
        let ty = self
            .b
            .ins()
            .load(types::I64, flags, object, layout.type_pointer);
        let own_type = self.symbol_address(match ints {
            Some(_) => objects::INT_TYPE,
            None => objects::FLOAT_TYPE,
        });
        let same_kind = self.b.ins().icmp(IntCC::Equal, ty, own_type);
        let count = self
            .b
            .ins()
            .load(types::I64, flags, object, layout.refcount);
        let lone = self
            .b
            .ins()
            .icmp_imm_s(IntCC::Equal, count, layout.one_reference as i64);
        let mut in_place = self.b.ins().band(same_kind, lone);
        if let Some(ints) = ints {
            // An int of one word stays one: its magnitude and sign rewritten.
            let tag = self.b.ins().load(types::I64, flags, object, ints.tag);
            let small = self
                .b
                .ins()
                .icmp_imm_s(IntCC::Equal, tag, ints.small as i64);
            in_place = self.b.ins().band(in_place, small);
        }
        let store = self.b.create_block();
        self.b.ins().brif(in_place, store, &[], call, &[]);
        self.b.switch_to_block(store);
        match ints {
            None => {
                self.b.ins().store(flags, bits, object, layout.float_value);
            }
            Some(ints) => {
                let negative = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, bits, 0);
                let negated = self.b.ins().ineg(bits);
                let magnitude = self.b.ins().select(negative, negated, bits);
                let positive = self.b.ins().iconst(types::I8, i64::from(ints.positive));
                let flipped = self.b.ins().bxor_imm_s(positive, 1);
                let sign = self.b.ins().select(negative, flipped, positive);
                self.b.ins().store(flags, magnitude, object, ints.magnitude);
                self.b.ins().store(flags, sign, object, ints.sign);
            }
        }
        self.b.ins().jump(done, &[]);
    }

    /// The item `index` (Python's way) of the list object `list`, read in place
    /// (`runtime::ObjectLayout`): hands the statement back where the index is out of
    /// range or the item's type is not `expected` (where one is).
    fn list_item_in_place(
        &mut self,
        list: Value,
        index: Value,
        expected: Option<&'static str>,
        layout: &crate::runtime::ObjectLayout,
    ) -> Value {
        let flags = MemFlagsData::trusted();
        let items = self
            .b
            .ins()
            .load(types::I64, flags, list, layout.list_items);
        let len = self.b.ins().load(types::I64, flags, list, layout.list_len);
        let at = self.python_index(index, len);
        self.one_thread = true;
        let offset = self.b.ins().ishl_imm_u(at, 3);
        let address = self.b.ins().iadd(items, offset);
        let item = self.b.ins().load(types::I64, flags, address, 0);
        if let Some(expected) = expected {
            let ty = self
                .b
                .ins()
                .load(types::I64, flags, item, layout.type_pointer);
            let expected = self.symbol_address(expected);
            let other = self.b.ins().icmp(IntCC::NotEqual, ty, expected);
            self.deopt_if(other);
        }
        item
    }

    /// Before a loop over lists starts: every item of each list it runs over is of the
    /// kind its items are read as, or the statement (the loop, none of whose iterations
    /// ran) is handed back. The items are then bound where nothing can hand back (at
    /// the top of an iteration, before its first statement), as an array's are; the
    /// loop's body cannot store items of another kind into them (`list_store`).
    pub(super) fn check_iterated_lists(&mut self, items: &[(Var, Var)]) {
        for (_, list) in items {
            let Some(a) = self.arrays[*list].as_ref() else {
                continue;
            };
            let Some(kind) = ListItems::of(&a.ty) else {
                continue;
            };
            let helper = match kind {
                ListItems::Float => "kiln_list_every_float",
                ListItems::Bool => "kiln_list_every_bool",
                ListItems::Int => "kiln_list_every_int",
                ListItems::NpFloat64 => "kiln_list_every_np_float64",
                ListItems::NpInt64 => "kiln_list_every_np_int64",
            };
            let data = a.data;
            self.call_checked(helper, &[data], types::I64);
        }
    }

    /// `rowlen(A, i)` (`Intrinsic::RowLen`, `crate::rows`): the length of the row
    /// `A[i]`, read in place where the VM gave its layout, else by its helper; an index
    /// out of range or an item that is no list hands the statement back.
    pub(super) fn row_len(&mut self, args: &[Expr]) -> Result<Val> {
        let [Expr::Var(list), index] = args else {
            unreachable!("typed as a list and an index")
        };
        let i = self.scalar(index)?.v;
        let a = self.arrays[*list].as_ref().expect("a list");
        if a.ty.copied {
            // Rows of one length (`crate::list_copies`): the index is checked as
            // `A[i]` would check it.
            let (rows, len) = (a.shape[0], a.shape[1]);
            self.python_index(i, rows);
            return Ok(self.exact(Scalar::Int, len));
        }
        let data = a.data;
        let len = match crate::runtime::object_layout() {
            Some(layout) => {
                let row = self.list_item_in_place(data, i, Some(objects::LIST_TYPE), &layout);
                self.b
                    .ins()
                    .load(types::I64, MemFlagsData::trusted(), row, layout.list_len)
            }
            None => self.call_checked("kiln_list_row_len", &[data, i], types::I64),
        };
        Ok(self.exact(Scalar::Int, len))
    }

    /// `rowlist(A, i)` (`Intrinsic::RowList`, `crate::rows`): the list variable `over`
    /// pointed at the row `A[i]` (its descriptor's data the row object, its length the
    /// row's), for a loop that runs over the row; the list of rows counts as iterated
    /// while it runs (`list_store`).
    pub(super) fn row_list(&mut self, over: Var, args: &[Expr]) -> Result<Val> {
        let [Expr::Var(list), index] = args else {
            unreachable!("typed as a list and an index")
        };
        let i = self.scalar(index)?.v;
        let data = self.arrays[*list].as_ref().expect("a list").data;
        let (row, len) = match crate::runtime::object_layout() {
            Some(layout) => {
                let row = self.list_item_in_place(data, i, Some(objects::LIST_TYPE), &layout);
                let len =
                    self.b
                        .ins()
                        .load(types::I64, MemFlagsData::trusted(), row, layout.list_len);
                (row, len)
            }
            None => {
                let row = self.call_checked("kiln_list_row", &[data, i], types::I64);
                let f = self.helper("kiln_list_len", &[types::I64], types::I64);
                let call = self.b.ins().call(f, &[row]);
                (row, self.b.inst_results(call)[0])
            }
        };
        let (slot, ty) = self
            .layout
            .array(over)
            .expect("a row's list has a descriptor");
        let eight = self.iconst(8);
        self.store_slot(row, slot);
        self.store_slot(len, slot + 1);
        self.store_slot(eight, slot + 2);
        self.arrays[over] = Some(self.load_array(over, ty));
        self.row_parents.push((over, *list));
        let one = self.iconst(1);
        Ok(self.exact(Scalar::Bool, one))
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
        // The value's numpy checks first: one that hands the statement back after the
        // append would make the interpreter append again.
        self.settle_float_flags();
        let data = self.arrays[*list].as_ref().expect("a list").data;
        let f = self.helper(helper, &[types::I64, types::I64], types::I64);
        self.b.ins().call(f, &[data, bits]);
        let t = self.iconst(1);
        Ok(self.exact(Scalar::Bool, t))
    }
}
