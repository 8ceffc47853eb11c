//! The simulated device: runs a [`Kernel`] tree, the one printed as CUDA C, on the
//! host, over a device memory that holds only what the host copied in.
//!
//! It exists so that a machine without a GPU (CI, most sessions) checks the GPU tier's
//! kernels and plans, not only its plans: each tree node is evaluated as its CUDA C
//! twin computes it (`backend::gpu::cuda`'s `kiln_*` helpers: 64-bit indices, the
//! same checks setting the same flag), threads get their index from a grid of blocks
//! of [`BLOCK`] as a launch gives it, and blocks run last first, so a kernel that
//! relies on the order of iterations gets a wrong answer here too.
//!
//! Memory is the strict part. Device memory is a set of buffers at made-up addresses;
//! an access that falls in none (a footprint too narrow, a wrong index computation)
//! is an error, as is reading a word nobody copied in or wrote (a write-only array
//! must not be read), or one another thread wrote, or writing a word another thread
//! wrote (the analysis called a loop parallel that is not). Errors are not failures
//! of the nest (which hand it to the CPU): they are bugs of the GPU tier, and the
//! run reports them as such.

use crate::backend::gpu::kernel::{Arith, Elem, KExpr, KFn, KStmt, KTy, Kernel};
use crate::ir::{CmpOp, Var};

mod memory;
pub use memory::DeviceMemory;

/// Threads per block, as the GPU launches them (`backend::gpu`).
pub const BLOCK: i64 = 128;

/// The blocks a launch of `threads` threads has: the kernel's grid, and the rows of
/// block partials the host combines.
pub fn blocks(threads: i64) -> i64 {
    (threads + BLOCK - 1) / BLOCK
}

/// The simulated device's memory size, in bytes: what the GPU tier keeps there is at
/// most half of it (`backend::gpu::resident`).
pub const MEMORY: usize = 2 << 30;

/// What a launch did: whether a thread failed (the nest goes to the CPU).
#[derive(Debug)]
pub struct Launched {
    pub failed: bool,
}

/// Runs `kernel` for `trips` threads on the device `frame` (data pointers into
/// `mem`), with `dims` (each inner grid loop's start, step and trip count), filling
/// `out` as the CUDA kernel does, and `parts` with each block's partial results of
/// the reductions: its threads' folded in thread order, as the kernel's first thread
/// of the block folds them (`threads::fold`; a fold that fails fails the launch).
pub fn launch(
    kernel: &Kernel,
    mem: &mut DeviceMemory,
    frame: &[u64],
    dims: &[i64],
    trips: i64,
    out: &mut [u64],
    parts: &mut [u64],
) -> Result<Launched, String> {
    let mut failed = false;
    let blocks = blocks(trips);
    let nred = kernel.reductions.len();
    for block in (0..blocks).rev() {
        // The block's shared partials, thread by thread.
        let mut mine: Vec<Vec<(u64, u64)>> = Vec::new();
        for thread in 0..BLOCK {
            let tid = block * BLOCK + thread;
            if tid >= trips {
                break;
            }
            let mut t = Thread::new(kernel, frame, mem, tid);
            let mut r = tid;
            for (l, g) in kernel.grid.iter().enumerate().rev() {
                let (start, step, n) = (dims[3 * l], dims[3 * l + 1], dims[3 * l + 2]);
                t.set(g.var, start.wrapping_add((r % n).wrapping_mul(step)) as u64);
                r /= n;
            }
            let start = frame[crate::frame::ROOT_CUR] as i64;
            let step = frame[crate::frame::ROOT_STEP] as i64;
            t.set(
                kernel.outer,
                start.wrapping_add(r.wrapping_mul(step)) as u64,
            );
            for red in &kernel.reductions {
                t.set(red.var, crate::backend::cpu::threads::identity(red));
            }
            t.block(&kernel.body)?;
            if t.failed {
                failed = true;
                continue;
            }
            mine.push(
                kernel
                    .reductions
                    .iter()
                    .map(|red| {
                        let l = kernel.local(red.var).expect("a reduction is a local");
                        t.written(l).expect("a reduction is assigned")
                    })
                    .collect(),
            );
            if tid == trips - 1 {
                let written = kernel.locals.iter().filter_map(|l| t.written(l));
                for (n, (bits, code)) in written.enumerate() {
                    out[2 * n..2 * n + 2].copy_from_slice(&[bits, code]);
                }
            }
        }
        if failed || nred == 0 {
            continue;
        }
        for (k, red) in kernel.reductions.iter().enumerate() {
            let mut threads = mine.iter().map(|m| m[k]);
            let first = threads.next().expect("a block has a thread");
            match threads.try_fold(first, |acc, p| {
                crate::backend::cpu::threads::fold(red, acc, p)
            }) {
                Some((bits, code)) => {
                    let row = 2 * (block as usize * nred + k);
                    parts[row..row + 2].copy_from_slice(&[bits, code]);
                }
                None => failed = true,
            }
        }
    }
    mem.end_launch();
    Ok(Launched { failed })
}

/// The value of a loop-invariant expression of `kernel` (a grid loop's bound) with
/// the values in `frame`: `None` where it reads memory or fails a check.
pub fn evaluate(kernel: &Kernel, frame: &[u64], e: &KExpr) -> Option<i64> {
    let mut mem = DeviceMemory::default();
    let mut t = Thread::new(kernel, frame, &mut mem, 0);
    let v = t.expr(e).ok()?;
    (!t.failed).then_some(v as i64)
}

enum Flow {
    Normal,
    Break,
    Continue,
    /// The flag is set: `goto done`.
    Done,
}

struct Thread<'a> {
    k: &'a Kernel,
    frame: &'a [u64],
    mem: &'a mut DeviceMemory,
    tid: i64,
    vars: Vec<u64>,
    /// Per variable of mixed type: whether it holds its numpy variant.
    numpy: Vec<bool>,
    failed: bool,
}

fn f(bits: u64) -> f64 {
    f64::from_bits(bits)
}

fn fb(x: f64) -> u64 {
    x.to_bits()
}

impl<'a> Thread<'a> {
    /// Thread `tid` with every local as the CUDA kernel's prologue reads it from the
    /// frame (a bool as 0 or 1, a float32's bits from the slot's low half, a mixed
    /// variable's numpy flag from its type code).
    fn new(k: &'a Kernel, frame: &'a [u64], mem: &'a mut DeviceMemory, tid: i64) -> Self {
        let nvars = k
            .locals
            .iter()
            .map(|l| l.var.as_u32() as usize + 1)
            .max()
            .unwrap_or(0);
        let mut t = Thread {
            k,
            frame,
            mem,
            tid,
            vars: vec![0; nvars],
            numpy: vec![false; nvars],
            failed: false,
        };
        for l in &k.locals {
            let at = l.var.as_u32() as usize;
            t.vars[at] = match l.ty {
                KTy::Bool => (frame[l.slot] != 0) as u64,
                KTy::F32 => frame[l.slot] & 0xffff_ffff,
                _ => frame[l.slot],
            };
            t.numpy[at] = l.numpy_code == Some(frame[l.slot + 1]);
        }
        t
    }

    /// A written-back local's value bits and type code (`None`: not written back),
    /// as the kernel's `bits_and_code` writes them.
    fn written(&self, l: &crate::backend::gpu::kernel::KLocal) -> Option<(u64, u64)> {
        let code = l.written_back?;
        let at = l.var.as_u32() as usize;
        let code = match l.numpy_code {
            Some(np) if self.numpy[at] => np,
            _ => code,
        };
        Some((self.vars[at], code))
    }

    fn set(&mut self, v: Var, bits: u64) {
        self.vars[v.as_u32() as usize] = bits;
    }

    fn fail(&mut self) -> u64 {
        self.failed = true;
        0
    }

    fn block(&mut self, body: &[KStmt]) -> Result<Flow, String> {
        for s in body {
            match self.stmt(s)? {
                Flow::Normal => {}
                other => return Ok(other),
            }
        }
        Ok(Flow::Normal)
    }

    fn after(&self) -> Flow {
        if self.failed {
            Flow::Done
        } else {
            Flow::Normal
        }
    }

    fn stmt(&mut self, s: &KStmt) -> Result<Flow, String> {
        match s {
            KStmt::Assign(pairs) => {
                let mut values = Vec::new();
                for (_, _, e, flag) in pairs {
                    let bits = self.expr(e)?;
                    let numpy = match flag {
                        Some(f) => Some(self.expr(f)? != 0),
                        None => None,
                    };
                    values.push((bits, numpy));
                }
                for ((v, ..), (bits, numpy)) in pairs.iter().zip(values) {
                    self.set(*v, bits);
                    if let Some(np) = numpy {
                        self.numpy[v.as_u32() as usize] = np;
                    }
                }
                Ok(self.after())
            }
            KStmt::Store {
                array,
                index,
                op,
                value,
            } => {
                let address = self.address(*array, index)?;
                let v = self.expr(value)?;
                let elem = self.k.arrays[*array].elem;
                let stored = match op {
                    None => v,
                    Some((op, numpy)) => {
                        let old = self.load(address, elem)?;
                        self.arith(*op, elem.ty(), *numpy, old, v)
                    }
                };
                // `kiln_st_i32`: numpy raises for an int out of int32's range.
                if elem == Elem::I32 && i32::try_from(stored as i64).is_err() {
                    self.failed = true;
                }
                if !self.failed {
                    self.mem.store(address, stored, elem.bytes(), self.tid)?;
                }
                Ok(self.after())
            }
            KStmt::If(c, then, orelse) => {
                let c = self.expr(c)? != 0;
                if self.failed {
                    return Ok(Flow::Done);
                }
                let flow = self.block(if c { then } else { orelse })?;
                if self.failed {
                    return Ok(Flow::Done);
                }
                Ok(flow)
            }
            KStmt::For {
                var,
                start,
                stop,
                step,
                body,
            } => {
                let mut t = self.expr(start)? as i64;
                let hi = self.expr(stop)? as i64;
                let st = self.expr(step)? as i64;
                if self.failed || st == 0 {
                    self.failed = true;
                    return Ok(Flow::Done);
                }
                while if st > 0 { t < hi } else { t > hi } {
                    self.set(*var, t as u64);
                    match self.block(body)? {
                        Flow::Break => break,
                        Flow::Done => return Ok(Flow::Done),
                        Flow::Normal | Flow::Continue => {}
                    }
                    t = step_saturating(t, st);
                }
                Ok(Flow::Normal)
            }
            KStmt::While(c, body) => {
                loop {
                    let go = self.expr(c)? != 0;
                    if !go {
                        break;
                    }
                    if self.failed {
                        return Ok(Flow::Done);
                    }
                    match self.block(body)? {
                        Flow::Break => break,
                        Flow::Done => return Ok(Flow::Done),
                        Flow::Normal | Flow::Continue => {}
                    }
                }
                Ok(self.after())
            }
            KStmt::Break => Ok(Flow::Break),
            KStmt::Continue => Ok(Flow::Continue),
        }
    }

    /// The address of an element (`kiln_ix` on each subscript: one out of range sets
    /// the flag and counts as 0).
    fn address(&mut self, array: usize, index: &[KExpr]) -> Result<u64, String> {
        let a = &self.k.arrays[array];
        let (slot, ndim) = (a.slot, a.ndim);
        let mut offset: i64 = 0;
        for (d, i) in index.iter().enumerate() {
            let i = self.expr(i)? as i64;
            let extent = self.frame[slot + 1 + d] as i64;
            let stride = self.frame[slot + 1 + ndim + d] as i64;
            let i = if i < 0 || i >= extent {
                self.failed = true;
                0
            } else {
                i
            };
            offset = offset.wrapping_add(i.wrapping_mul(stride));
        }
        Ok(self.frame[slot].wrapping_add(offset as u64))
    }

    /// An element's value bits (a float32's in the low half; an int32 widened).
    fn load(&mut self, address: u64, elem: Elem) -> Result<u64, String> {
        if self.failed {
            return Ok(0);
        }
        let bits = self.mem.load(address, elem.bytes(), self.tid)?;
        Ok(match elem {
            Elem::I32 => bits as u32 as i32 as i64 as u64,
            _ => bits,
        })
    }

    fn arith(&mut self, op: Arith, ty: KTy, numpy: bool, a: u64, b: u64) -> u64 {
        match ty {
            KTy::I64 | KTy::Bool => {
                let (a, b) = (a as i64, b as i64);
                let r = match op {
                    Arith::Add => a.checked_add(b),
                    Arith::Sub => a.checked_sub(b),
                    Arith::Mul => a.checked_mul(b),
                    Arith::FloorDiv => (b != 0 && !(a == i64::MIN && b == -1)).then(|| {
                        let (q, r) = (a / b, a % b);
                        if r != 0 && ((r ^ b) < 0) { q - 1 } else { q }
                    }),
                    Arith::Mod => (b != 0 && !(a == i64::MIN && b == -1)).then(|| {
                        let r = a % b;
                        if r != 0 && ((r ^ b) < 0) { r + b } else { r }
                    }),
                    Arith::Div => unreachable!("true division of ints is made a float's"),
                };
                match r {
                    Some(r) => r as u64,
                    None => self.fail(),
                }
            }
            KTy::F32 => {
                let (x, y) = (f32::from_bits(a as u32), f32::from_bits(b as u32));
                let Some((r, raised)) = float_arith(op, x, y) else {
                    return self.fail();
                };
                // float32 arithmetic is numpy's only.
                self.failed |= raised;
                r.to_bits() as u64
            }
            KTy::F64 => {
                let Some((r, raised)) = float_arith(op, f(a), f(b)) else {
                    return self.fail();
                };
                self.failed |= numpy && raised;
                fb(r)
            }
        }
    }

    fn expr(&mut self, e: &KExpr) -> Result<u64, String> {
        Ok(match e {
            KExpr::Int(i) => *i as u64,
            KExpr::Float(x) => fb(*x),
            KExpr::Bool(b) => *b as u64,
            KExpr::Local(v, _) => self.vars[v.as_u32() as usize],
            KExpr::IsNumpy(v) => self.numpy[v.as_u32() as usize] as u64,
            KExpr::ToFloat(from, x) => {
                let bits = self.expr(x)?;
                fb(match from {
                    KTy::F32 => f32::from_bits(bits as u32) as f64,
                    KTy::F64 => f(bits),
                    KTy::I64 | KTy::Bool => bits as i64 as f64,
                })
            }
            KExpr::ToF32(from, x) => {
                let bits = self.expr(x)?;
                let v = match from {
                    KTy::F32 => f32::from_bits(bits as u32),
                    KTy::F64 => f(bits) as f32,
                    KTy::I64 | KTy::Bool => bits as i64 as f32,
                };
                // numpy warns where a finite double becomes an infinity.
                if *from == KTy::F64 && v.is_infinite() && f(bits).is_finite() {
                    return Ok(self.fail());
                }
                v.to_bits() as u64
            }
            KExpr::ToInt(x) => self.expr(x)?,
            KExpr::Arith {
                op,
                ty,
                numpy,
                a,
                b,
            } => {
                let (a, b) = (self.expr(a)?, self.expr(b)?);
                self.arith(*op, *ty, *numpy, a, b)
            }
            KExpr::Neg(KTy::F64, x) => fb(-f(self.expr(x)?)),
            KExpr::Neg(KTy::F32, x) => (-f32::from_bits(self.expr(x)? as u32)).to_bits() as u64,
            KExpr::Neg(_, x) => match (self.expr(x)? as i64).checked_neg() {
                Some(r) => r as u64,
                None => self.fail(),
            },
            KExpr::Cmp(op, ty, a, b) => {
                let (a, b) = (self.expr(a)?, self.expr(b)?);
                let r = match ty {
                    KTy::F64 => compare(*op, f(a).partial_cmp(&f(b))),
                    KTy::F32 => compare(
                        *op,
                        f32::from_bits(a as u32).partial_cmp(&f32::from_bits(b as u32)),
                    ),
                    _ => compare(*op, Some((a as i64).cmp(&(b as i64)))),
                };
                r as u64
            }
            KExpr::Not(x) => (self.expr(x)? == 0) as u64,
            KExpr::And(a, b) => (self.expr(a)? != 0 && self.expr(b)? != 0) as u64,
            KExpr::Or(a, b) => (self.expr(a)? != 0 || self.expr(b)? != 0) as u64,
            KExpr::Select(c, a, b) => {
                if self.expr(c)? != 0 {
                    self.expr(a)?
                } else {
                    self.expr(b)?
                }
            }
            KExpr::Load(a, index) => {
                let address = self.address(*a, index)?;
                self.load(address, self.k.arrays[*a].elem)?
            }
            KExpr::Extent(a, d) => self.frame[self.k.arrays[*a].extent_slot(*d)],
            KExpr::Call(func, args) => {
                let mut xs = Vec::new();
                for a in args {
                    xs.push(self.expr(a)?);
                }
                match func {
                    KFn::Sqrt => {
                        let x = f(xs[0]);
                        if x < 0.0 { self.fail() } else { fb(x.sqrt()) }
                    }
                    KFn::FAbs => fb(f(xs[0]).abs()),
                    KFn::Check => {
                        if xs[0] == 0 {
                            self.failed = true;
                        }
                        1
                    }
                    KFn::IAbs => match (xs[0] as i64).checked_abs() {
                        Some(r) => r as u64,
                        None => self.fail(),
                    },
                    KFn::FloatToInt => {
                        let x = f(xs[0]);
                        if (-9223372036854775808.0..9223372036854775808.0).contains(&x) {
                            x as i64 as u64
                        } else {
                            self.fail()
                        }
                    }
                    KFn::Min(t) | KFn::Max(t) => {
                        let (a, b) = (xs[0], xs[1]);
                        let op = if matches!(func, KFn::Min(_)) {
                            CmpOp::Lt
                        } else {
                            CmpOp::Gt
                        };
                        let b_wins = match t {
                            KTy::F64 => compare(op, f(b).partial_cmp(&f(a))),
                            KTy::F32 => compare(
                                op,
                                f32::from_bits(b as u32).partial_cmp(&f32::from_bits(a as u32)),
                            ),
                            _ => compare(op, Some((b as i64).cmp(&(a as i64)))),
                        };
                        if b_wins { b } else { a }
                    }
                }
            }
        })
    }
}

/// `x op y` in `T`'s own rounding (`kiln_np*` and the `__d*_rn`/`__f*_rn` of the CUDA
/// C), and whether numpy would warn of it (a NaN from operands that are none, an
/// infinity from finite ones); `None` for a zero divisor, which fails either way.
fn float_arith<T>(op: Arith, x: T, y: T) -> Option<(T, bool)>
where
    T: Copy
        + Into<f64>
        + std::ops::Add<Output = T>
        + std::ops::Sub<Output = T>
        + std::ops::Mul<Output = T>
        + std::ops::Div<Output = T>,
{
    let r = match op {
        Arith::Add => x + y,
        Arith::Sub => x - y,
        Arith::Mul => x * y,
        Arith::Div if y.into() == 0.0 => return None,
        Arith::Div => x / y,
        Arith::FloorDiv | Arith::Mod => unreachable!("refused by build"),
    };
    let (r64, x, y) = (r.into(), x.into(), y.into());
    let raised = (r64.is_nan() && !x.is_nan() && !y.is_nan())
        || (!r64.is_finite() && x.is_finite() && y.is_finite());
    Some((r, raised))
}

fn compare(op: CmpOp, o: Option<std::cmp::Ordering>) -> bool {
    use std::cmp::Ordering::*;
    match (op, o) {
        (CmpOp::Ne, None) => true,
        (_, None) => false,
        (CmpOp::Eq, Some(o)) => o == Equal,
        (CmpOp::Ne, Some(o)) => o != Equal,
        (CmpOp::Lt, Some(o)) => o == Less,
        (CmpOp::Le, Some(o)) => o != Greater,
        (CmpOp::Gt, Some(o)) => o == Greater,
        (CmpOp::Ge, Some(o)) => o != Less,
    }
}

/// `kiln_step`: the next value of a loop variable, held at the end of the range of
/// i64 where it would pass it.
fn step_saturating(t: i64, s: i64) -> i64 {
    t.saturating_add(s)
}

#[cfg(test)]
mod tests {
    //! The simulator catches what a wrong kernel or a wrong footprint does.
    use super::*;
    use crate::backend::gpu::kernel::{Elem, KArray, KLocal};
    use crate::ir::EntityRef;

    const N: usize = 10;

    /// `out[i] = a[sub] + 1.0` for `i` in `range(N)`, with frame slots: loop state
    /// 0-3, `i` at 4, `a` at 6 (pointer, extent, stride), `out` at 10.
    fn kernel(sub: KExpr) -> Kernel {
        let i = Var::new(0);
        let array = |k: usize, name: &str, slot: usize| KArray {
            var: Var::new(k),
            name: name.into(),
            elem: Elem::F64,
            ndim: 1,
            slot,
            dense: false,
        };
        Kernel {
            name: "kiln_nest".into(),
            file_line: "test".into(),
            outer: i,
            grid: Vec::new(),
            reductions: Vec::new(),
            locals: vec![KLocal {
                var: i,
                name: "i".into(),
                ty: KTy::I64,
                slot: 4,
                written_back: Some(2),
                numpy_code: None,
            }],
            arrays: vec![array(1, "a", 6), array(2, "out", 10)],
            body: vec![KStmt::Store {
                array: 1,
                index: vec![KExpr::Local(i, KTy::I64)],
                op: None,
                value: KExpr::Arith {
                    op: Arith::Add,
                    ty: KTy::F64,
                    numpy: true,
                    a: Box::new(KExpr::Load(0, vec![sub])),
                    b: Box::new(KExpr::Float(1.0)),
                },
            }],
        }
    }

    /// Device memory with `a` (0.0, 1.0, ...) copied in over `a_len` elements (its
    /// footprint) and a buffer for `out` with nothing copied in, and the frame of
    /// `kernel`'s loop over `range(N)`; `out`'s address.
    fn setup(a_len: usize) -> (DeviceMemory, Vec<u64>, u64) {
        let mut mem = DeviceMemory::default();
        let a: Vec<u8> = (0..N).flat_map(|x| (x as f64).to_le_bytes()).collect();
        let pa = mem.alloc(a_len * 8).unwrap();
        mem.copy_in(pa, &a[..a_len * 8]).unwrap();
        let po = mem.alloc(N * 8).unwrap();
        let mut frame = vec![0u64; 14];
        frame[1] = N as u64;
        frame[2] = 1;
        frame[6..9].copy_from_slice(&[pa, N as u64, 8]);
        frame[10..13].copy_from_slice(&[po, N as u64, 8]);
        (mem, frame, po)
    }

    /// Runs `k` on `setup(a_len)`; `out`'s values, or the error.
    fn run(k: &Kernel, a_len: usize) -> Result<Vec<f64>, String> {
        let (mut mem, frame, po) = setup(a_len);
        let mut out = [0u64; 2];
        let launched = launch(k, &mut mem, &frame, &[], N as i64, &mut out, &mut [])?;
        assert!(!launched.failed);
        assert_eq!(
            out,
            [N as u64 - 1, 2],
            "the last iteration's `i` written back"
        );
        let bytes = mem.copy_out(po, N * 8)?;
        Ok(bytes
            .chunks(8)
            .map(|c| f64::from_le_bytes(c.try_into().unwrap()))
            .collect())
    }

    fn i() -> KExpr {
        KExpr::Local(Var::new(0), KTy::I64)
    }

    #[test]
    fn a_right_kernel_runs() {
        let out = run(&kernel(i()), N).unwrap();
        assert_eq!(out, (0..N).map(|x| x as f64 + 1.0).collect::<Vec<_>>());
    }

    #[test]
    fn a_footprint_narrowed_on_purpose_fails() {
        let err = run(&kernel(i()), N - 1).unwrap_err();
        assert!(
            err.contains("outside every array's copied footprint"),
            "{err}"
        );
    }

    #[test]
    fn broken_index_arithmetic_fails() {
        // `a[i + 1]` where the footprint (and the array) ends at `a[N - 1]`: the last
        // thread's index is past the extent, which fails the check (a hand-back)...
        let past = KExpr::Arith {
            op: Arith::Add,
            ty: KTy::I64,
            numpy: false,
            a: Box::new(i()),
            b: Box::new(KExpr::Int(1)),
        };
        let k = kernel(past);
        let (mut mem, mut frame, _) = setup(N);
        let mut out = [0u64; 2];
        assert!(
            launch(&k, &mut mem, &frame, &[], N as i64, &mut out, &mut [])
                .unwrap()
                .failed
        );
        // ...and with the extent lied about (index arithmetic that trusts a wrong
        // bound), the access leaves the copied memory and the simulator says so.
        frame[7] = N as u64 + 1;
        let err = launch(&k, &mut mem, &frame, &[], N as i64, &mut out, &mut []).unwrap_err();
        assert!(
            err.contains("outside every array's copied footprint"),
            "{err}"
        );
    }

    #[test]
    fn a_write_only_array_is_never_read() {
        // `out[i] = out[i] + 1.0`, `out` never copied in.
        let mut k = kernel(i());
        let KStmt::Store { value, .. } = &mut k.body[0] else {
            unreachable!()
        };
        *value = KExpr::Load(1, vec![i()]);
        let err = run(&k, N).unwrap_err();
        assert!(err.contains("never copied in"), "{err}");
    }

    #[test]
    fn threads_meeting_in_memory_fail() {
        // `out[0] = a[i] + 1.0`: every thread writes one element.
        let mut k = kernel(i());
        let KStmt::Store { index, .. } = &mut k.body[0] else {
            unreachable!()
        };
        *index = vec![KExpr::Int(0)];
        let err = run(&k, N).unwrap_err();
        assert!(err.contains("wrote one word"), "{err}");
    }
}
