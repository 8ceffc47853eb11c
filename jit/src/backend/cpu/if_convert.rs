//! Short conditional assignments made selects (if-conversion), before Cranelift.
//!
//! `if x * x + y * y < 1.0: inside += 1` is generated as a branch around the add and
//! its overflow check. Cranelift keeps every branch it is given; on random data this
//! one goes either way, and each misprediction costs the pipeline (15-20 cycles), more
//! than the Monte Carlo kernel's whole iteration. LLVM turns such a branch into a
//! `select` of the two values; so does this pass.
//!
//! The algorithm: for each block `A` ending in `brif c, T, F` (no arguments on either
//! edge), each side is followed along a chain of blocks, each with `A` or the block
//! before as its only predecessor, made of at most `BUDGET` instructions that may run
//! whether or not the side is taken (integer and float arithmetic, comparisons,
//! selects, conversions: nothing that loads, stores, calls or traps), each chain block
//! ending in a `jump` to the next or in a check `brif f, E(..), next` that leaves for a
//! hand-back `E`. Both sides must end in a `jump` to one join block `J` that has other
//! predecessors too (else the chain went on into it). Then the sides' instructions move
//! into `A`, each check becomes `brif select(c, f, 0), E(..)` (its side's condition
//! and its own: `select(c, 0, f)` on the false side) in a block of its own, and `A`
//! jumps to `J` with, per parameter, `select(c, t, f)` of the two sides' arguments.
//!
//! Invariant: what moved computes the same values as before wherever it runs, and
//! nothing it computes is seen unless its side was taken (a check leaves only where
//! its side's condition holds, `J` gets the taken side's values), so the function does
//! what it did. The moved instructions are defined before their uses (each side's
//! order is kept, and a side uses only values defined before `A`'s branch or on its
//! own side), so SSA form holds; the sides' blocks are left with no predecessor and
//! removed.

use super::phis::incoming_edges;
use cranelift_codegen::cursor::{Cursor, FuncCursor};
use cranelift_codegen::ir::{
    Block, BlockArg, Function, Inst, InstBuilder, InstructionData, Opcode, Value,
};

/// The most instructions (constants aside) a side may run whether or not it is taken.
const BUDGET: usize = 4;

/// One side of a branch, as followed from it.
#[derive(Default)]
struct Side {
    blocks: Vec<Block>,
    insts: Vec<Inst>,
    /// Its checks: the flag, and the branch that leaves where it is set.
    checks: Vec<(Value, Inst)>,
    /// The join it ends at, and the arguments it passes.
    join: Option<(Block, Vec<Value>)>,
}

/// Converts `func`'s short conditional assignments (see the module doc), again while
/// any was (a converted inner `if` leaves the outer one's side short: a clamp's
/// `elif`); how many.
pub(super) fn convert(func: &mut Function) -> usize {
    let mut converted = 0;
    for _ in 0..4 {
        match convert_once(func) {
            0 => break,
            n => converted += n,
        }
    }
    converted
}

fn convert_once(func: &mut Function) -> usize {
    let mut converted = 0;
    let mut preds = incoming_edges(func);
    let blocks: Vec<Block> = func.layout.blocks().collect();
    for a in blocks {
        if !func.layout.is_block_inserted(a) {
            continue;
        }
        let Some(branch) = func.layout.last_inst(a) else {
            continue;
        };
        let InstructionData::Brif {
            opcode: Opcode::Brif,
            arg: c,
            blocks: [t, f],
        } = func.dfg.insts[branch]
        else {
            continue;
        };
        if t.args(&func.dfg.value_lists).next().is_some()
            || f.args(&func.dfg.value_lists).next().is_some()
        {
            continue;
        }
        let (t, f) = (
            t.block(&func.dfg.value_lists),
            f.block(&func.dfg.value_lists),
        );
        // Found only where a side loads (most branches' sides do not).
        let loaded = || loaded_before(func, &preds, a);
        let loaded = std::cell::LazyCell::new(loaded);
        let (Some(taken), Some(other)) = (
            side(func, &preds, &loaded, t),
            side(func, &preds, &loaded, f),
        ) else {
            continue;
        };
        let (Some((jt, targs)), Some((jf, fargs))) = (&taken.join, &other.join) else {
            continue;
        };
        if jt != jf || taken.blocks.iter().chain(&other.blocks).any(|b| *b == a) {
            continue;
        }
        let join = *jt;
        let (targs, fargs) = (targs.clone(), fargs.clone());
        rewrite(func, a, branch, c, [&taken, &other], join, &targs, &fargs);
        converted += 1;
        preds = incoming_edges(func);
    }
    converted
}

/// The side that starts at `start`, if it is one this pass converts.
fn side(
    func: &Function,
    preds: &Preds,
    loaded: &std::cell::LazyCell<Vec<Address>, impl FnOnce() -> Vec<Address>>,
    start: Block,
) -> Option<Side> {
    let mut s = Side::default();
    let mut block = start;
    let mut cost = 0;
    loop {
        if preds[block].len() != 1 || func.dfg.num_block_params(block) != 0 {
            return None;
        }
        s.blocks.push(block);
        let last = func.layout.last_inst(block)?;
        for inst in func.layout.block_insts(block) {
            if inst == last {
                break;
            }
            if !speculatable(func, inst) && !reloads(func, &loaded[..], inst) {
                return None;
            }
            cost += usize::from(!is_constant(func, inst));
            s.insts.push(inst);
        }
        if cost > BUDGET || s.blocks.len() > 8 {
            return None;
        }
        match func.dfg.insts[last] {
            InstructionData::Jump {
                opcode: Opcode::Jump,
                destination,
            } => {
                let next = destination.block(&func.dfg.value_lists);
                let args: Option<Vec<Value>> = destination
                    .args(&func.dfg.value_lists)
                    .map(|a| match a {
                        BlockArg::Value(v) => Some(v),
                        _ => None,
                    })
                    .collect();
                let args = args?;
                if preds[next].len() > 1 {
                    s.join = Some((next, args));
                    return Some(s);
                }
                if !args.is_empty() {
                    return None;
                }
                block = next;
            }
            InstructionData::Brif {
                opcode: Opcode::Brif,
                arg,
                blocks: [leave, next],
            } => {
                if next.args(&func.dfg.value_lists).next().is_some() {
                    return None;
                }
                let exit = leave.block(&func.dfg.value_lists);
                if !func.layout.is_cold(exit) || s.checks.len() >= 2 {
                    return None;
                }
                s.checks.push((arg, last));
                block = next.block(&func.dfg.value_lists);
            }
            _ => return None,
        }
    }
}

type Preds = cranelift_codegen::entity::SecondaryMap<Block, Vec<(Inst, usize)>>;

/// Where a load read: its type, its offset and its address as an expression.
#[derive(PartialEq)]
struct Address {
    ty: cranelift_codegen::ir::Type,
    offset: i32,
    address: Expr,
}

/// A value as the pure integer arithmetic that computes it, aliases resolved (so two
/// computations of one address compare equal); a leaf is any other value.
#[derive(PartialEq)]
enum Expr {
    Leaf(Value),
    Const(i64),
    Op(Opcode, Vec<Expr>),
}

fn expr(func: &Function, v: Value, depth: u32) -> Expr {
    let v = func.dfg.resolve_aliases(v);
    let cranelift_codegen::ir::ValueDef::Result(inst, 0) = func.dfg.value_def(v) else {
        return Expr::Leaf(v);
    };
    match func.dfg.insts[inst] {
        InstructionData::UnaryImm {
            opcode: Opcode::Iconst,
            imm,
        } => Expr::Const(imm.bits()),
        InstructionData::Binary { opcode, args }
            if depth > 0
                && matches!(
                    opcode,
                    Opcode::Iadd | Opcode::Imul | Opcode::Ishl | Opcode::Isub
                ) =>
        {
            Expr::Op(
                opcode,
                args.iter().map(|a| expr(func, *a, depth - 1)).collect(),
            )
        }
        _ => Expr::Leaf(v),
    }
}

/// The address a load reads.
fn address(func: &Function, inst: Inst) -> Option<Address> {
    let InstructionData::Load {
        opcode: Opcode::Load,
        arg,
        offset,
        ..
    } = func.dfg.insts[inst]
    else {
        return None;
    };
    Some(Address {
        ty: func.dfg.value_type(func.dfg.first_result(inst)),
        offset: offset.into(),
        address: expr(func, arg, 4),
    })
}

/// The addresses loaded on every path to `a`'s branch: in `a` and the blocks before it
/// that are each the only predecessor of the next.
fn loaded_before(func: &Function, preds: &Preds, a: Block) -> Vec<Address> {
    let mut out = Vec::new();
    let mut block = a;
    for _ in 0..8 {
        for inst in func.layout.block_insts(block) {
            out.extend(address(func, inst));
        }
        match preds[block].as_slice() {
            [(inst, _)] => match func.layout.inst_block(*inst) {
                Some(b) if b != a => block = b,
                _ => break,
            },
            _ => break,
        }
    }
    out
}

/// Whether `inst` loads from an address loaded already on every path to the branch
/// (`loaded`): memory that was readable there still is, so the load may run whether or
/// not its side is taken (moved to just before the branch, it reads what it read just
/// after it).
fn reloads(func: &Function, loaded: &[Address], inst: Inst) -> bool {
    address(func, inst).is_some_and(|a| loaded.contains(&a))
}

/// Whether `inst` computes a value and nothing else, without a trap, whatever its
/// operands.
fn speculatable(func: &Function, inst: Inst) -> bool {
    use Opcode::*;
    let op = func.dfg.insts[inst].opcode();
    matches!(
        op,
        Iconst
            | F64const
            | F32const
            | Iadd
            | Isub
            | Imul
            | Band
            | Bor
            | Bxor
            | Bnot
            | Ishl
            | Ushr
            | Sshr
            | SaddOverflow
            | SsubOverflow
            | SmulOverflow
            | Icmp
            | Fcmp
            | Select
            | Smin
            | Smax
            | Fadd
            | Fsub
            | Fmul
            | Fneg
            | Fabs
            | Fmin
            | Fmax
            | FcvtFromSint
            | Fpromote
            | Fdemote
            | Uextend
            | Sextend
            | Ireduce
            | Bitcast
    ) && !func.dfg.value_type(func.dfg.first_result(inst)).is_vector()
}

fn is_constant(func: &Function, inst: Inst) -> bool {
    matches!(
        func.dfg.insts[inst].opcode(),
        Opcode::Iconst | Opcode::F64const | Opcode::F32const
    )
}

/// Moves both sides into `a` (before its `branch` on `c`), their checks each into a
/// branch of its own, and replaces the branch with a jump to `join` of the selected
/// arguments.
#[allow(clippy::too_many_arguments)]
fn rewrite(
    func: &mut Function,
    a: Block,
    branch: Inst,
    c: Value,
    sides: [&Side; 2],
    join: Block,
    targs: &[Value],
    fargs: &[Value],
) {
    // The moved instructions go where the branch is, in each side's order.
    for side in sides {
        for inst in &side.insts {
            func.layout.remove_inst(*inst);
            func.layout.insert_inst(*inst, branch);
        }
    }
    func.layout.remove_inst(branch);
    let mut at = a;
    for (k, side) in sides.iter().enumerate() {
        for (flag, check) in &side.checks {
            let InstructionData::Brif {
                blocks: [leave, _], ..
            } = func.dfg.insts[*check]
            else {
                unreachable!("a check is a brif");
            };
            let next = func.dfg.blocks.add();
            func.layout.insert_block_after(next, at);
            let mut pos = FuncCursor::new(func).at_bottom(at);
            let ty = pos.func.dfg.value_type(*flag);
            let zero = pos.ins().iconst(ty, 0);
            let leaves = if k == 0 {
                pos.ins().select(c, *flag, zero)
            } else {
                pos.ins().select(c, zero, *flag)
            };
            let leave_args: Vec<BlockArg> = leave.args(&pos.func.dfg.value_lists).collect();
            let leave_block = leave.block(&pos.func.dfg.value_lists);
            pos.ins().brif(leaves, leave_block, &leave_args, next, &[]);
            at = next;
        }
    }
    let mut pos = FuncCursor::new(func).at_bottom(at);
    let args: Vec<BlockArg> = targs
        .iter()
        .zip(fargs)
        .map(|(t, f)| {
            let (t, f) = (
                pos.func.dfg.resolve_aliases(*t),
                pos.func.dfg.resolve_aliases(*f),
            );
            BlockArg::Value(if t == f { t } else { pos.ins().select(c, t, f) })
        })
        .collect();
    pos.ins().jump(join, &args);
    // The sides' blocks: no branch reaches them now.
    for side in sides {
        for block in &side.blocks {
            while let Some(inst) = func.layout.first_inst(*block) {
                func.layout.remove_inst(inst);
            }
            func.layout.remove_block(*block);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::cpu::clif_tests;
    use cranelift_codegen::ir::{condcodes::IntCC, types};

    /// `n = n + 1 if a < b else n` (the add checked for overflow, handing back to a
    /// cold block) over three i64 parameters; `load` puts a load of `*a` on the taken
    /// side, `loaded_first` one in the entry block too.
    fn counter(load: bool, loaded_first: bool) -> Function {
        let i64s = [types::I64; 3];
        clif_tests::with_blocks(&i64s, &[types::I64], |b, entry| {
            let (taken, more, other, join, exit) = (
                b.create_block(),
                b.create_block(),
                b.create_block(),
                b.create_block(),
                b.create_block(),
            );
            let n = b.append_block_param(join, types::I64);
            let p = b.block_params(entry).to_vec();
            let flags = cranelift_codegen::ir::MemFlagsData::trusted();
            let first = loaded_first.then(|| b.ins().load(types::I64, flags, p[0], 8));
            let c = b
                .ins()
                .icmp(IntCC::SignedLessThan, p[0], first.unwrap_or(p[1]));
            b.ins().brif(c, taken, &[], other, &[]);
            b.switch_to_block(taken);
            let one = b.ins().iconst(types::I64, 1);
            let base = if load {
                b.ins().load(types::I64, flags, p[0], 8)
            } else {
                p[2]
            };
            let (sum, overflow) = b.ins().sadd_overflow(base, one);
            b.ins().brif(overflow, exit, &[], more, &[]);
            b.switch_to_block(more);
            b.ins().jump(join, &[sum.into()]);
            b.switch_to_block(other);
            b.ins().jump(join, &[p[2].into()]);
            b.switch_to_block(exit);
            b.set_cold_block(exit);
            let code = b.ins().iconst(types::I64, -7);
            b.ins().return_(&[code]);
            b.switch_to_block(join);
            b.ins().return_(&[n]);
        })
    }

    #[test]
    fn a_checked_increment_becomes_a_select() {
        let mut func = counter(false, false);
        assert_eq!(convert(&mut func), 1);
        clif_tests::verify(&func);
        let text = func.display().to_string();
        assert_eq!(text.matches("select").count(), 2, "{text}");
        // The entry, its check's block, the hand-back and the join.
        assert_eq!(func.layout.blocks().count(), 4, "{text}");
    }

    #[test]
    fn a_load_stays_behind_its_branch() {
        let mut func = counter(true, false);
        assert_eq!(convert(&mut func), 0);
        assert!(!func.display().to_string().contains("select"));
    }

    #[test]
    fn a_load_of_what_was_loaded_moves() {
        let mut func = counter(true, true);
        assert_eq!(convert(&mut func), 1);
        clif_tests::verify(&func);
        assert_eq!(func.display().to_string().matches("load").count(), 2);
    }
}
