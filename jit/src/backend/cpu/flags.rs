//! numpy's floating-point conditions under the CPU's flags (`scalarise`'s module doc):
//! the calls that clear and read them, and the sinks that keep computed what is
//! computed only for the flags its operations raise (Cranelift drops pure operations
//! whose values no one uses).

use super::{Gen, Val};
use crate::ir::Intrinsic;
use crate::types::Scalar;
use cranelift_codegen::ir::{
    self, InstBuilder, InstructionData, MemFlagsData, Opcode, Value, ValueDef, condcodes::IntCC,
    types,
};

impl Gen<'_, '_> {
    /// The intrinsics of numpy's floating-point flags: calls into `runtime`, which
    /// reads the flags as the interpreter's numpy does.
    pub(super) fn fp_flags(&mut self, f: Intrinsic) -> Val {
        let mut v = self.iconst(1);
        match f {
            Intrinsic::ClearFpFlags => self.clear_fp_flags(),
            Intrinsic::CheckFpFlags | Intrinsic::FpRaised => {
                let sunk = self.sunk();
                let r = self.fp_flags_raised(sunk);
                if f == Intrinsic::CheckFpFlags {
                    let raised = self.b.ins().icmp_imm_s(IntCC::NotEqual, r, 0);
                    self.deopt_if(raised);
                } else {
                    v = r;
                }
            }
            Intrinsic::NoteFp(op) => {
                let note = self.helper("kiln_note_fp", &[types::I64], types::I64);
                let op = self.iconst(op as i64);
                self.b.ins().call(note, &[op]);
            }
            _ => unreachable!("not a flag intrinsic"),
        }
        self.exact(Scalar::Bool, v)
    }

    /// Clears divide, overflow and invalid, and forgets what was sunk.
    pub(super) fn clear_fp_flags(&mut self) {
        let clear = self.helper("kiln_clear_fp_flags", &[], types::I64);
        self.b.ins().call(clear, &[]);
        self.empty_sinks();
    }

    /// Whether divide, overflow or invalid was raised since the last clear (an i64,
    /// non-zero if so); `sunk` keeps what was computed only for its flags computed
    /// before the read. Forgets what was sunk.
    pub(super) fn fp_flags_raised(&mut self, sunk: Value) -> Value {
        let raised = self.helper("kiln_fp_flags_raised", &[types::I64], types::I64);
        let call = self.b.ins().call(raised, &[sunk]);
        self.empty_sinks();
        self.b.inst_results(call)[0]
    }

    /// Whether the current statement's numpy float operations are checked by the
    /// CPU's flags rather than value by value.
    pub(super) fn floats_by_hardware(&self) -> bool {
        self.hardware_loops > 0 || self.summing > 0
    }

    /// Keeps the number `v` (and what it is computed from) computed: or-ed into the
    /// scalar sink.
    pub(super) fn sink_value(&mut self, v: Value) {
        // A loop checked by its sum reads no flags: nothing to keep computed.
        if self.hardware_loops == 0 {
            return;
        }
        let ty = self.b.func.dfg.value_type(v);
        let bits = if ty.is_float() {
            self.b.ins().bitcast(ty.as_int(), MemFlagsData::new(), v)
        } else {
            v
        };
        let bits = self.widen_bits(bits);
        let scalar = self.sinks.0;
        let sink = if self.sunk_since_empty.0 {
            let sink = self.b.use_var(scalar);
            self.b.ins().bor(sink, bits)
        } else {
            bits
        };
        self.b.def_var(scalar, sink);
        self.sunk_since_empty.0 = true;
    }

    /// Keeps the vector of values `v` computed: or-ed into the vector sink.
    pub(super) fn sink_vector(&mut self, v: Value) {
        let little = MemFlagsData::new().with_endianness(ir::Endianness::Little);
        let bits = self.b.ins().bitcast(types::I64X2, little, v);
        let vector = self.sinks.1;
        let sink = if self.sunk_since_empty.1 {
            let sink = self.b.use_var(vector);
            self.b.ins().bor(sink, bits)
        } else {
            bits
        };
        self.b.def_var(vector, sink);
        self.sunk_since_empty.1 = true;
    }

    /// Forgets what was sunk: done around each call that clears or reads the flags.
    /// The sinks are defined only where something is sunk and read only where
    /// something was since (`sunk_since_empty`, in generation order), so that they
    /// never live across a loop that sinks nothing (which would carry them through
    /// the stack on every iteration) nor across a call.
    pub(super) fn empty_sinks(&mut self) {
        self.sunk_since_empty = (false, false);
    }

    /// What was sunk since the sinks were emptied, in one i64, for the runtime call
    /// that reads the flags.
    pub(super) fn sunk(&mut self) -> Value {
        let (scalar, vector) = self.sinks;
        let mut out = self.b.ins().iconst(types::I64, 0);
        if self.sunk_since_empty.0 {
            out = self.b.use_var(scalar);
        }
        if self.sunk_since_empty.1 {
            let v = self.b.use_var(vector);
            let low = self.b.ins().extractlane(v, 0);
            let high = self.b.ins().extractlane(v, 1);
            let lanes = self.b.ins().bor(low, high);
            out = self.b.ins().bor(out, lanes);
        }
        out
    }

    /// Keeps numpy's float operation `op` on operands that are all constants raising
    /// its flags under the CPU's flags: Cranelift's e-graph evaluates float arithmetic
    /// on constants, so `np.float64(1.25) / -0.0` would never divide and no flag would
    /// say so (the warning lost). Where the operation raises a flag (an infinity of
    /// finite operands, a NaN of numbers), its last operand is passed through a call
    /// that Cranelift cannot see through; otherwise the fold is welcome.
    pub(super) fn keep_raising(&mut self, operands: &mut [Value], op: impl Fn(&[f64]) -> f64) {
        let Some(last) = operands.last().copied() else {
            return;
        };
        let consts: Option<Vec<f64>> = operands.iter().map(|&v| self.const_float(v)).collect();
        let Some(consts) = consts else { return };
        let ty = self.b.func.dfg.value_type(last);
        let mut r = op(&consts);
        if ty == types::F32 {
            r = f64::from(r as f32);
        }
        let raises = (r.is_infinite() && consts.iter().all(|x| x.is_finite()))
            || (r.is_nan() && !consts.iter().any(|x| x.is_nan()));
        if !raises {
            return;
        }
        let int = ty.as_int();
        let bits = self.b.ins().bitcast(int, MemFlagsData::new(), last);
        let bits = self.widen_bits(bits);
        let opaque = self.helper("kiln_opaque_bits", &[types::I64], types::I64);
        let call = self.b.ins().call(opaque, &[bits]);
        let mut bits = self.b.inst_results(call)[0];
        if int != types::I64 {
            bits = self.b.ins().ireduce(int, bits);
        }
        let n = operands.len();
        operands[n - 1] = self.b.ins().bitcast(ty, MemFlagsData::new(), bits);
    }

    /// The value of float `v` where the instructions defining it are constants and
    /// arithmetic Cranelift folds, as f64 (an f32's value exactly).
    fn const_float(&self, v: Value) -> Option<f64> {
        let dfg = &self.b.func.dfg;
        let ValueDef::Result(inst, _) = dfg.value_def(dfg.resolve_aliases(v)) else {
            return None;
        };
        let f32 = dfg.value_type(v) == types::F32;
        let round = |x: f64| if f32 { f64::from(x as f32) } else { x };
        Some(match dfg.insts[inst] {
            InstructionData::UnaryIeee64 { imm, .. } => f64::from_bits(imm.bits()),
            InstructionData::UnaryIeee32 { imm, .. } => f64::from(f32::from_bits(imm.bits())),
            InstructionData::Unary { opcode, arg } => match opcode {
                Opcode::Fneg => -self.const_float(arg)?,
                Opcode::Fabs => self.const_float(arg)?.abs(),
                Opcode::Sqrt => round(self.const_float(arg)?.sqrt()),
                Opcode::Fpromote => self.const_float(arg)?,
                Opcode::Fdemote => round(self.const_float(arg)?),
                Opcode::FcvtFromSint => {
                    let ValueDef::Result(c, _) = dfg.value_def(dfg.resolve_aliases(arg)) else {
                        return None;
                    };
                    let InstructionData::UnaryImm { imm, .. } = dfg.insts[c] else {
                        return None;
                    };
                    let i = imm.bits();
                    if f32 { f64::from(i as f32) } else { i as f64 }
                }
                _ => return None,
            },
            InstructionData::Binary { opcode, args } => {
                let (x, y) = (self.const_float(args[0])?, self.const_float(args[1])?);
                round(match opcode {
                    Opcode::Fadd => x + y,
                    Opcode::Fsub => x - y,
                    Opcode::Fmul => x * y,
                    Opcode::Fdiv => x / y,
                    _ => return None,
                })
            }
            _ => return None,
        })
    }

    fn widen_bits(&mut self, bits: Value) -> Value {
        if self.b.func.dfg.value_type(bits) == types::I64 {
            bits
        } else {
            self.b.ins().uextend(types::I64, bits)
        }
    }
}
