//! Loads of frame slots that nothing in the function writes, marked so that Cranelift
//! may share and hoist them.
//!
//! Generated code reads an array's descriptor (data pointer, shape, strides) from the
//! frame where it needs it, and again around loops (`arrays`): a short inner loop (four
//! filters of fbcorr) reloads a dozen slots each time it starts. Cranelift keeps every
//! load where it is unless its flags say it is free to move: `readonly` (no store in the
//! function writes that memory), `notrap` and `can_move` (it may run anywhere in the
//! function, also where it did not). A frame slot no code of the function writes holds
//! one value from entry to return, and the frame is valid memory throughout, so its loads
//! may carry all three; Cranelift's e-graph then merges equal ones and lifts them out of
//! the loops (its LICM).
//!
//! The algorithm: one scan of every use of the frame (the entry block's parameter). A
//! store to `frame + offset` writes that slot; `frame + offset` taken as a pointer (the
//! status word a helper sets, a descriptor read through it) is taken as writing that
//! slot. The frame handed on whole (to tier 2's loops and checked copies, compiled code
//! of parts of the same nest) may have any slot written but the `fixed` ones
//! ([`fixed_slots`]: the descriptors of arrays no statement of the nest binds, which no
//! part of it writes); with no such use, every slot not written is fixed. Then each
//! load from `frame + offset` whose bytes no write touches, and lie in a fixed slot
//! where the frame is handed on, gets the flags.
//!
//! Invariant: a marked load reads memory that no instruction of the function, nor any
//! helper it calls, writes while it runs; the value it reads is the same wherever and
//! however often it is read.

use crate::collections::HashSet;
use crate::frame::Layout;
use crate::ir::{Expr, Intrinsic, Nest, Var};
use cranelift_codegen::ir::{Function, InstructionData, Opcode, Value};

/// The byte ranges of the frame holding the descriptors (and origins) of the arrays
/// no statement of `nest` binds: its parts, run on the frame by helpers, write back
/// only what they bind.
pub(super) fn fixed_slots(nest: &Nest, layout: &Layout) -> Vec<(i64, i64)> {
    let mut bound: HashSet<Var> = HashSet::default();
    nest.root.each(&mut |s| {
        bound.extend(s.binds());
        for e in s.exprs() {
            e.walk(&mut |e| {
                if let Expr::Call(Intrinsic::Scratch(v), _) = e {
                    bound.insert(*v);
                }
            });
        }
    });
    let slot = |k: usize| (k * 8) as i64;
    let mut fixed = Vec::new();
    for (var, _) in nest.vars.iter() {
        if bound.contains(&var) {
            continue;
        }
        if let Some((first, ty)) = layout.array(var) {
            let words = 1 + 2 * ty.ndim as usize;
            fixed.push((slot(first), slot(words)));
        }
        if let Some(origin) = layout.origin(var) {
            fixed.push((slot(origin), 8));
        }
    }
    fixed
}

/// Marks the loads of frame slots the function never writes (only `fixed` ones where
/// the frame is handed on whole); how many it marked.
pub(super) fn mark(func: &mut Function, fixed: &[(i64, i64)]) -> usize {
    let Some(entry) = func.layout.entry_block() else {
        return 0;
    };
    let Some(&frame) = func.dfg.block_params(entry).first() else {
        return 0;
    };
    let is_frame = |func: &Function, v: Value| func.dfg.resolve_aliases(v) == frame;
    // The byte ranges of the frame the function may write.
    let mut written: Vec<(i64, i64)> = Vec::new();
    let mut loads = Vec::new();
    let mut handed_on = false;
    for block in func.layout.blocks() {
        for inst in func.layout.block_insts(block) {
            // Every value the instruction uses, its branches' arguments included.
            if !func.dfg.inst_values(inst).any(|a| is_frame(func, a)) {
                continue;
            }
            match func.dfg.insts[inst] {
                InstructionData::Load {
                    opcode: Opcode::Load,
                    offset,
                    ..
                } => {
                    let size = i64::from(func.dfg.value_type(func.dfg.first_result(inst)).bytes());
                    loads.push((inst, i64::from(offset), size));
                }
                InstructionData::Store {
                    opcode: Opcode::Store,
                    args: [value, _],
                    offset,
                    ..
                } if !is_frame(func, value) => {
                    let size = i64::from(func.dfg.value_type(value).bytes());
                    written.push((i64::from(offset), size));
                }
                InstructionData::Binary {
                    opcode: Opcode::Iadd,
                    args,
                } => {
                    let other = if is_frame(func, args[0]) {
                        args[1]
                    } else {
                        args[0]
                    };
                    match super::int_constant(&func.dfg, other) {
                        Some(k) if !is_frame(func, other) => written.push((k, 8)),
                        _ => handed_on = true,
                    }
                }
                // Handed on whole: anything but the fixed slots may be written.
                _ => handed_on = true,
            }
        }
    }
    let mut marked = 0;
    for (inst, offset, size) in loads {
        let touched = written
            .iter()
            .any(|&(at, len)| at < offset + size && offset < at + len);
        let inside = |&(at, len): &(i64, i64)| at <= offset && offset + size <= at + len;
        if touched || (handed_on && !fixed.iter().any(inside)) {
            continue;
        }
        let InstructionData::Load { flags, .. } = func.dfg.insts[inst] else {
            continue;
        };
        let moved = func.dfg.mem_flags[flags]
            .with_readonly()
            .with_notrap()
            .with_can_move();
        let Ok(moved) = func.dfg.mem_flags.insert(moved) else {
            break;
        };
        if let InstructionData::Load { flags, .. } = &mut func.dfg.insts[inst] {
            *flags = moved;
            marked += 1;
        }
    }
    marked
}

#[cfg(test)]
mod tests {
    use super::mark;
    use crate::backend::cpu::clif_tests::with_blocks;
    use cranelift_codegen::ir::{InstBuilder, MemFlagsData, types};

    /// Slot 1 is stored, slot 2 lent to a helper as a pointer, slot 0 and 3 only read:
    /// the reads of 0 and 3 are marked, the others not.
    #[test]
    fn only_slots_nothing_writes_are_marked() {
        let mut func = with_blocks(&[types::I64], &[types::I64], |b, entry| {
            let frame = b.block_params(entry)[0];
            let flags = MemFlagsData::trusted();
            let a = b.ins().load(types::I64, flags, frame, 0);
            let c = b.ins().load(types::I64, flags, frame, 8);
            let d = b.ins().load(types::I64, flags, frame, 24);
            let e = b.ins().load(types::I64, flags, frame, 16);
            let status = b.ins().iadd_imm_s(frame, 16);
            let f = b.ins().load(types::I64, flags, status, 0);
            let sum = b.ins().iadd(a, c);
            b.ins().store(flags, sum, frame, 8);
            let sum = b.ins().iadd(sum, d);
            let sum = b.ins().iadd(sum, e);
            let sum = b.ins().iadd(sum, f);
            b.ins().return_(&[sum]);
        });
        assert_eq!(mark(&mut func, &[]), 2);
        let text = func.display().to_string();
        assert_eq!(text.matches("can_move").count(), 2, "{text}");
        for line in text.lines().filter(|l| l.contains("can_move")) {
            assert!(line.ends_with("v0") || line.ends_with("v0+24"), "{text}");
        }
        crate::backend::cpu::clif_tests::verify(&func);
    }

    /// The frame handed whole to another function: only the loads of fixed slots are
    /// marked (slot 2 here), and not one of them the function writes itself.
    #[test]
    fn a_frame_handed_on_marks_fixed_slots_only() {
        let build = || {
            with_blocks(&[types::I64], &[types::I64], |b, entry| {
                let frame = b.block_params(entry)[0];
                let flags = MemFlagsData::trusted();
                let a = b.ins().load(types::I64, flags, frame, 0);
                let c = b.ins().load(types::I64, flags, frame, 16);
                let d = b.ins().load(types::I64, flags, frame, 24);
                b.ins().store(flags, d, frame, 24);
                let same = b.ins().iadd(frame, a);
                let sum = b.ins().iadd(same, c);
                b.ins().return_(&[sum]);
            })
        };
        assert_eq!(mark(&mut build(), &[]), 0);
        let mut func = build();
        assert_eq!(mark(&mut func, &[(16, 16)]), 1);
        let text = func.display().to_string();
        let marked: Vec<&str> = text.lines().filter(|l| l.contains("can_move")).collect();
        assert!(marked.len() == 1 && marked[0].ends_with("v0+16"), "{text}");
    }
}
