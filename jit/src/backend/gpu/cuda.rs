//! A [`Kernel`] printed as CUDA C, for NVRTC.
//!
//! The kernel takes the nest's frame as the device sees it (array data pointers
//! pointing into device memory, everything else as on the host), the number of
//! threads (iterations of the grid's loops), a flag any failing thread sets, a block
//! of two slots per written local that the thread of the last iteration fills (value
//! bits, type code), each inner grid loop's start, step and trip count, and a row
//! per block for its reductions' partial results (its threads' folded in thread
//! order by its first thread).
//!
//! Checks are the small `kiln_*` functions at the top, each the C twin of what the
//! simulated device does for the same tree node (`backend::sim`): they set the
//! thread's flag `f`; a statement that finds it set jumps to `done`, and loads and
//! stores look at it before touching memory, their indices clamped to 0 when out of
//! range, so a failed thread never reads or writes outside its arrays.
//!
//! Invariant: every local is declared at the top of the function, so `goto done`
//! never jumps over an initialisation (which C++ forbids).

use super::kernel::{Arith, KExpr, KFn, KStmt, KTy, Kernel};
use crate::ir::CmpOp;
use std::fmt::Write;

/// The helpers every kernel starts with.
const PRELUDE: &str = r#"typedef long long i64;
typedef unsigned long long u64;
#define KILN_MIN ((i64)0x8000000000000000ULL)
#define KILN_MAX ((i64)0x7fffffffffffffffLL)

__device__ __forceinline__ i64 kiln_add(i64 a, i64 b, int* f) {
    i64 r = (i64)((u64)a + (u64)b);
    if (((a ^ r) & (b ^ r)) < 0) *f = 1;
    return r;
}
__device__ __forceinline__ i64 kiln_sub(i64 a, i64 b, int* f) {
    i64 r = (i64)((u64)a - (u64)b);
    if (((a ^ b) & (a ^ r)) < 0) *f = 1;
    return r;
}
__device__ __forceinline__ i64 kiln_mul(i64 a, i64 b, int* f) {
    i64 lo = (i64)((u64)a * (u64)b);
    if (__mul64hi(a, b) != (lo >> 63)) *f = 1;
    return lo;
}
__device__ __forceinline__ i64 kiln_floordiv(i64 a, i64 b, int* f) {
    if (b == 0 || (a == KILN_MIN && b == -1)) { *f = 1; return 0; }
    i64 q = a / b, r = a - q * b;
    return (r != 0 && ((r ^ b) < 0)) ? q - 1 : q;
}
__device__ __forceinline__ i64 kiln_mod(i64 a, i64 b, int* f) {
    if (b == 0 || (a == KILN_MIN && b == -1)) { *f = 1; return 0; }
    i64 r = a % b;
    return (r != 0 && ((r ^ b) < 0)) ? r + b : r;
}
__device__ __forceinline__ i64 kiln_ineg(i64 a, int* f) {
    if (a == KILN_MIN) { *f = 1; return 0; }
    return -a;
}
__device__ __forceinline__ i64 kiln_iabs(i64 a, int* f) {
    if (a == KILN_MIN) { *f = 1; return 0; }
    return a < 0 ? -a : a;
}
/* numpy would warn: a NaN from operands that are none, an infinity from finite ones. */
__device__ __forceinline__ double kiln_np(double r, double a, double b, int* f) {
    if ((isnan(r) && !isnan(a) && !isnan(b)) || (!isfinite(r) && isfinite(a) && isfinite(b))) *f = 1;
    return r;
}
__device__ __forceinline__ double kiln_fdiv(double a, double b, int* f) {
    if (b == 0.0) { *f = 1; return 0.0; }
    return __ddiv_rn(a, b);
}
/* float32, numpy's only: its arithmetic in float32, its warnings as for float64 (the
   operands are exact in a double). */
__device__ __forceinline__ float kiln_np32(float r, float a, float b, int* f) {
    kiln_np((double)r, (double)a, (double)b, f);
    return r;
}
__device__ __forceinline__ float kiln_np32_add(float a, float b, int* f) { return kiln_np32(__fadd_rn(a, b), a, b, f); }
__device__ __forceinline__ float kiln_np32_sub(float a, float b, int* f) { return kiln_np32(__fsub_rn(a, b), a, b, f); }
__device__ __forceinline__ float kiln_np32_mul(float a, float b, int* f) { return kiln_np32(__fmul_rn(a, b), a, b, f); }
__device__ __forceinline__ float kiln_np32_div(float a, float b, int* f) {
    if (b == 0.0f) { *f = 1; return 0.0f; }
    return kiln_np32(__fdiv_rn(a, b), a, b, f);
}
/* A double as a float32: numpy warns where a finite one becomes an infinity. */
__device__ __forceinline__ float kiln_to_f32(double x, int* f) {
    float r = __double2float_rn(x);
    if (isinf(r) && isfinite(x)) *f = 1;
    return r;
}
__device__ __forceinline__ float kiln_min_float(float a, float b) { return b < a ? b : a; }
__device__ __forceinline__ float kiln_max_float(float a, float b) { return b > a ? b : a; }
__device__ __forceinline__ float kiln_ld_f32(char* base, i64 off, int* f) {
    return *f ? 0.0f : *(float*)(base + off);
}
__device__ __forceinline__ void kiln_st_f32(char* base, i64 off, float v, int* f) {
    if (!*f) *(float*)(base + off) = v;
}
/* An int stored into an int32 element: numpy raises for one out of its range. */
__device__ __forceinline__ void kiln_st_i32(char* base, i64 off, i64 v, int* f) {
    if (v < -2147483648LL || v > 2147483647LL) *f = 1;
    if (!*f) *(int*)(base + off) = (int)v;
}
__device__ __forceinline__ double kiln_np_add(double a, double b, int* f) { return kiln_np(__dadd_rn(a, b), a, b, f); }
__device__ __forceinline__ double kiln_np_sub(double a, double b, int* f) { return kiln_np(__dsub_rn(a, b), a, b, f); }
__device__ __forceinline__ double kiln_np_mul(double a, double b, int* f) { return kiln_np(__dmul_rn(a, b), a, b, f); }
__device__ __forceinline__ double kiln_np_div(double a, double b, int* f) { return kiln_np(kiln_fdiv(a, b, f), a, b, f); }
__device__ __forceinline__ double kiln_sqrt(double a, int* f) {
    if (a < 0.0) { *f = 1; return 0.0; }
    return __dsqrt_rn(a);
}
__device__ __forceinline__ i64 kiln_ftoi(double a, int* f) {
    if (!(a >= -9223372036854775808.0 && a < 9223372036854775808.0)) { *f = 1; return 0; }
    return (i64)a;
}
/* Python's min(a, b) and max(a, b): the first of equal or unordered values. */
__device__ __forceinline__ double kiln_min_double(double a, double b) { return b < a ? b : a; }
__device__ __forceinline__ double kiln_max_double(double a, double b) { return b > a ? b : a; }
__device__ __forceinline__ i64 kiln_min_i64(i64 a, i64 b) { return b < a ? b : a; }
__device__ __forceinline__ i64 kiln_max_i64(i64 a, i64 b) { return b > a ? b : a; }
__device__ __forceinline__ bool kiln_check(bool c, int* f) {
    if (!c) *f = 1;
    return true;
}
__device__ __forceinline__ i64 kiln_ix(i64 i, i64 extent, int* f) {
    if (i < 0 || i >= extent) { *f = 1; return 0; }
    return i;
}
__device__ __forceinline__ i64 kiln_step(i64 t, i64 s) {
    i64 r = (i64)((u64)t + (u64)s);
    if (s > 0 && r < t) return KILN_MAX;
    if (s < 0 && r > t) return KILN_MIN;
    return r;
}
__device__ __forceinline__ double kiln_ld_f64(char* base, i64 off, int* f) {
    return *f ? 0.0 : *(double*)(base + off);
}
__device__ __forceinline__ i64 kiln_ld_i64(char* base, i64 off, int* f) {
    return *f ? 0 : *(i64*)(base + off);
}
__device__ __forceinline__ void kiln_st_f64(char* base, i64 off, double v, int* f) {
    if (!*f) *(double*)(base + off) = v;
}
__device__ __forceinline__ void kiln_st_i64(char* base, i64 off, i64 v, int* f) {
    if (!*f) *(i64*)(base + off) = v;
}
"#;

/// The kernel's CUDA C source, headed by where its loop is.
pub fn source(k: &Kernel) -> String {
    let mut p = Printer {
        k,
        out: String::new(),
        temps: 0,
    };
    p.kernel();
    p.out
}

struct Printer<'k> {
    k: &'k Kernel,
    out: String,
    temps: usize,
}

fn c_type(t: KTy) -> &'static str {
    match t {
        KTy::I64 => "i64",
        KTy::F64 => "double",
        KTy::F32 => "float",
        KTy::Bool => "bool",
    }
}

fn float(x: f64) -> String {
    if x.is_nan() {
        "__longlong_as_double(0x7ff8000000000000LL)".into()
    } else if x.is_infinite() {
        if x > 0.0 {
            "__longlong_as_double(0x7ff0000000000000LL)".into()
        } else {
            "__longlong_as_double((i64)0xfff0000000000000ULL)".into()
        }
    } else {
        // Exact: the bits, with the value beside them for the reader.
        format!("__longlong_as_double({}LL) /* {x:?} */", x.to_bits() as i64)
    }
}

impl Printer<'_> {
    fn local(&self, v: crate::ir::Var) -> String {
        let name = self.k.local(v).map_or("?", |l| l.name.as_str());
        let clean: String = name
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        format!("v{}_{clean}", v.as_u32())
    }

    fn line(&mut self, depth: usize, text: &str) {
        for _ in 0..depth {
            self.out.push_str("    ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn kernel(&mut self) {
        let k = self.k;
        let _ = writeln!(
            self.out,
            "/* kiln: the parallel loop at {}, one thread per iteration. */",
            k.file_line
        );
        self.out.push_str(PRELUDE);
        let nred = k.reductions.len();
        if nred == 0 {
            let _ = writeln!(
                self.out,
                "\nextern \"C\" __global__ void {}(u64* frame, i64 trips, int* fail, u64* out, const i64* dims, u64* parts) {{",
                k.name
            );
            self.line(
                1,
                "i64 tid = (i64)blockIdx.x * (i64)blockDim.x + (i64)threadIdx.x;",
            );
        } else {
            // With reductions the thread is a function of its own: every thread of
            // the block must reach the block's fold (`block_fold`).
            let _ = writeln!(
                self.out,
                "\n__device__ __forceinline__ void {}_thread(u64* frame, i64 trips, int* fail, u64* out, const i64* dims, u64* mine, i64 tid) {{",
                k.name
            );
        }
        self.line(1, "if (tid >= trips) return;");
        self.line(1, "int failed = 0;");
        self.line(1, "int* f = &failed;");
        for (n, a) in k.arrays.iter().enumerate() {
            let text = format!("char* a{n} = (char*)frame[{}]; /* {} */", a.slot, a.name);
            self.line(1, &text);
            for d in 0..a.ndim {
                let text = format!(
                    "i64 a{n}_e{d} = (i64)frame[{}]; i64 a{n}_s{d} = (i64)frame[{}];",
                    a.extent_slot(d),
                    a.stride_slot(d)
                );
                self.line(1, &text);
            }
        }
        for l in &k.locals {
            let name = self.local(l.var);
            let init = match l.ty {
                KTy::I64 => format!("(i64)frame[{}]", l.slot),
                KTy::F64 => format!("__longlong_as_double((i64)frame[{}])", l.slot),
                // A float32's bits are the slot's low half.
                KTy::F32 => format!("__int_as_float((int)(unsigned)frame[{}])", l.slot),
                KTy::Bool => format!("frame[{}] != 0", l.slot),
            };
            let text = format!("{} {name} = {init};", c_type(l.ty));
            self.line(1, &text);
            if let Some(code) = l.numpy_code {
                let text = format!("bool {name}_np = frame[{}] == {code}ULL;", l.slot + 1);
                self.line(1, &text);
            }
        }
        // The thread's iteration: the innermost grid loop fastest; `dims` holds
        // each grid loop's start, step and trip count.
        self.line(1, "i64 r = tid;");
        for (l, g) in k.grid.iter().enumerate().rev() {
            let text = format!(
                "{} = dims[{}] + (r % dims[{}]) * dims[{}]; r /= dims[{}];",
                self.local(g.var),
                3 * l,
                3 * l + 2,
                3 * l + 1,
                3 * l + 2
            );
            self.line(1, &text);
        }
        let outer = self.local(k.outer);
        let text = format!(
            "{outer} = (i64)frame[{}] + r * (i64)frame[{}];",
            crate::frame::ROOT_CUR,
            crate::frame::ROOT_STEP
        );
        self.line(1, &text);
        // Reductions start from their operation's identity in every thread.
        for r in &k.reductions {
            let l = k.local(r.var).expect("a reduction is a local");
            let identity = crate::backend::cpu::threads::identity(r) as i64;
            let value = match l.ty {
                KTy::F64 => format!("__longlong_as_double({identity}LL)"),
                _ => format!("(i64){identity}LL"),
            };
            let text = format!("{} = {value};", self.local(r.var));
            self.line(1, &text);
        }
        let body = k.body.clone();
        self.block(&body, 1);
        self.line(0, "done:");
        self.line(1, "if (failed) { *fail = 1; return; }");
        for (r, red) in k.reductions.iter().enumerate() {
            let l = k.local(red.var).expect("a reduction is a local");
            let (bits, code) = self.bits_and_code(l).expect("a reduction is assigned");
            let text = format!("mine[{}] = {bits}; mine[{}] = {code};", 2 * r, 2 * r + 1);
            self.line(1, &text);
        }
        self.line(1, "if (tid == trips - 1) {");
        let mut n = 0;
        for l in &k.locals {
            let Some((bits, code)) = self.bits_and_code(l) else {
                continue;
            };
            let text = format!("out[{}] = {bits}; out[{}] = {code};", 2 * n, 2 * n + 1);
            self.line(2, &text);
            n += 1;
        }
        self.line(1, "}");
        self.line(0, "}");
        if nred > 0 {
            self.block_fold();
        }
    }

    /// The kernel of a nest with reductions: each thread runs and leaves its partial
    /// results in shared memory; the block's first thread folds them in thread order
    /// (the C twin of `threads::fold`, which the simulated device runs) into one
    /// partial result per block, which the host combines in block order.
    fn block_fold(&mut self) {
        let k = self.k;
        let nred = k.reductions.len();
        let _ = writeln!(
            self.out,
            "\nextern \"C\" __global__ void {}(u64* frame, i64 trips, int* fail, u64* out, const i64* dims, u64* parts) {{",
            k.name
        );
        let text = format!(
            "__shared__ u64 kiln_mine[{}];",
            2 * nred * crate::backend::sim::BLOCK as usize
        );
        self.line(1, &text);
        self.line(
            1,
            "i64 tid = (i64)blockIdx.x * (i64)blockDim.x + (i64)threadIdx.x;",
        );
        let text = format!(
            "{}_thread(frame, trips, fail, out, dims, kiln_mine + {} * threadIdx.x, tid);",
            k.name,
            2 * nred
        );
        self.line(1, &text);
        self.line(1, "__syncthreads();");
        self.line(1, "if (threadIdx.x != 0) return;");
        self.line(1, "i64 n = trips - (i64)blockIdx.x * (i64)blockDim.x;");
        self.line(1, "if (n > (i64)blockDim.x) n = (i64)blockDim.x;");
        self.line(1, "int ff = 0;");
        let float64 = crate::types::Scalar::Np(crate::types::Dtype::F64).code();
        for (r, red) in k.reductions.iter().enumerate() {
            use crate::analysis::parallel::ReductionOp;
            let text = format!(
                "{{ u64 b = kiln_mine[{}], c = kiln_mine[{}];",
                2 * r,
                2 * r + 1
            );
            self.line(1, &text);
            self.line(2, "for (i64 t = 1; t < n; t++) {");
            let text = format!("u64 x = kiln_mine[2 * (t * {nred} + {r})];");
            self.line(3, &text);
            let step = match (red.float, red.op) {
                (true, op) => {
                    let sign = if op == ReductionOp::Mul { '*' } else { '+' };
                    self.line(
                        3,
                        &format!(
                            "double a = __longlong_as_double((i64)b), p = __longlong_as_double((i64)x), v = a {sign} p;"
                        ),
                    );
                    self.line(
                        3,
                        "if ((isnan(v) && !isnan(a) && !isnan(p)) || (isinf(v) && !isinf(a) && !isinf(p))) ff = 1;",
                    );
                    format!(
                        "b = (u64)__double_as_longlong(v); if (kiln_mine[2 * (t * {nred} + {r}) + 1] == {float64}ULL) c = {float64}ULL;"
                    )
                }
                (false, ReductionOp::Add | ReductionOp::Sub) => {
                    "b = (u64)kiln_add((i64)b, (i64)x, &ff);".into()
                }
                (false, ReductionOp::Mul) => "b = (u64)kiln_mul((i64)b, (i64)x, &ff);".into(),
                (false, ReductionOp::Max) => "if ((i64)x > (i64)b) b = x;".into(),
                (false, ReductionOp::Min) => "if ((i64)x < (i64)b) b = x;".into(),
            };
            self.line(3, &step);
            self.line(2, "}");
            let text = format!(
                "parts[2 * ((i64)blockIdx.x * {nred} + {r})] = b; parts[2 * ((i64)blockIdx.x * {nred} + {r}) + 1] = c; }}"
            );
            self.line(2, &text);
        }
        self.line(1, "if (ff) *fail = 1;");
        self.line(0, "}");
    }

    /// A written-back local's value bits and type code, as C expressions.
    fn bits_and_code(&self, l: &super::kernel::KLocal) -> Option<(String, String)> {
        let code = l.written_back?;
        let name = self.local(l.var);
        let bits = match l.ty {
            KTy::I64 => format!("(u64){name}"),
            KTy::F64 => format!("(u64)__double_as_longlong({name})"),
            KTy::F32 => format!("(u64)(unsigned)__float_as_int({name})"),
            KTy::Bool => format!("(u64)({name} ? 1 : 0)"),
        };
        let code = match l.numpy_code {
            Some(np) => format!("({name}_np ? {np}ULL : {code}ULL)"),
            None => format!("{code}ULL"),
        };
        Some((bits, code))
    }

    fn block(&mut self, body: &[KStmt], depth: usize) {
        for s in body {
            self.stmt(s, depth);
        }
    }

    fn stmt(&mut self, s: &KStmt, depth: usize) {
        match s {
            KStmt::Assign(pairs) => {
                // Every value before any target, as Python's tuple assignment.
                self.line(depth, "{");
                let mut temps = Vec::new();
                for (_, t, e, flag) in pairs {
                    let name = self.temp();
                    let text = format!("{} {name} = {};", c_type(*t), self.expr(e));
                    self.line(depth + 1, &text);
                    let flag = flag.as_ref().map(|f| {
                        let np = format!("{name}_np");
                        let text = format!("bool {np} = {};", self.expr(f));
                        self.line(depth + 1, &text);
                        np
                    });
                    temps.push((name, flag));
                }
                for ((v, ..), (t, flag)) in pairs.iter().zip(temps) {
                    let local = self.local(*v);
                    let text = format!("{local} = {t};");
                    self.line(depth + 1, &text);
                    if let Some(np) = flag {
                        let text = format!("{local}_np = {np};");
                        self.line(depth + 1, &text);
                    }
                }
                self.line(depth, "}");
                self.line(depth, "if (failed) goto done;");
            }
            KStmt::Store {
                array,
                index,
                op,
                value,
            } => {
                let a = &self.k.arrays[*array];
                let suffix = a.elem.suffix();
                let ty = c_type(a.elem.ty());
                let offset = self.offset(*array, index);
                self.line(depth, "{");
                let o = self.temp();
                let text = format!("i64 {o} = {offset};");
                self.line(depth + 1, &text);
                let v = self.temp();
                let text = format!("{ty} {v} = {};", self.expr(value));
                self.line(depth + 1, &text);
                let stored = match op {
                    None => v,
                    Some((op, numpy)) => {
                        let old = format!("kiln_ld_{suffix}(a{array}, {o}, f)");
                        self.arith(*op, a.elem.ty(), *numpy, &old, &v)
                    }
                };
                let text = format!("kiln_st_{suffix}(a{array}, {o}, {stored}, f);");
                self.line(depth + 1, &text);
                self.line(depth, "}");
                self.line(depth, "if (failed) goto done;");
            }
            KStmt::If(c, then, orelse) => {
                let text = format!("if ({}) {{", self.expr(c));
                self.line(depth, &text);
                self.line(depth + 1, "if (failed) goto done;");
                self.block(then, depth + 1);
                if orelse.is_empty() {
                    self.line(depth, "}");
                } else {
                    self.line(depth, "} else {");
                    self.line(depth + 1, "if (failed) goto done;");
                    self.block(orelse, depth + 1);
                    self.line(depth, "}");
                }
                self.line(depth, "if (failed) goto done;");
            }
            KStmt::For {
                var,
                start,
                stop,
                step,
                body,
            } => {
                let (t, hi, st) = (self.temp(), self.temp(), self.temp());
                self.line(depth, "{");
                let text = format!(
                    "i64 {t} = {}; i64 {hi} = {}; i64 {st} = {};",
                    self.expr(start),
                    self.expr(stop),
                    self.expr(step)
                );
                self.line(depth + 1, &text);
                let text = format!("if (failed || {st} == 0) {{ failed = 1; goto done; }}");
                self.line(depth + 1, &text);
                let text = format!(
                    "for (; {st} > 0 ? {t} < {hi} : {t} > {hi}; {t} = kiln_step({t}, {st})) {{"
                );
                self.line(depth + 1, &text);
                let text = format!("{} = {t};", self.local(*var));
                self.line(depth + 2, &text);
                self.block(body, depth + 2);
                self.line(depth + 1, "}");
                self.line(depth, "}");
            }
            KStmt::While(c, body) => {
                let text = format!("while ({}) {{", self.expr(c));
                self.line(depth, &text);
                self.line(depth + 1, "if (failed) goto done;");
                self.block(body, depth + 1);
                self.line(depth, "}");
                self.line(depth, "if (failed) goto done;");
            }
            KStmt::Break => self.line(depth, "break;"),
            KStmt::Continue => self.line(depth, "continue;"),
        }
    }

    fn temp(&mut self) -> String {
        self.temps += 1;
        format!("t{}", self.temps)
    }

    /// The byte offset of an element, each subscript checked against its extent.
    fn offset(&self, array: usize, index: &[KExpr]) -> String {
        if index.is_empty() {
            return "0".into();
        }
        index
            .iter()
            .enumerate()
            .map(|(d, i)| {
                format!(
                    "kiln_ix({}, a{array}_e{d}, f) * a{array}_s{d}",
                    self.expr(i)
                )
            })
            .collect::<Vec<_>>()
            .join(" + ")
    }

    fn arith(&self, op: Arith, ty: KTy, numpy: bool, a: &str, b: &str) -> String {
        match ty {
            KTy::I64 | KTy::Bool => {
                let name = match op {
                    Arith::Add => "kiln_add",
                    Arith::Sub => "kiln_sub",
                    Arith::Mul => "kiln_mul",
                    Arith::FloorDiv => "kiln_floordiv",
                    Arith::Mod => "kiln_mod",
                    Arith::Div => unreachable!("true division of ints is made a float's"),
                };
                format!("{name}({a}, {b}, f)")
            }
            KTy::F64 => {
                let name = match (op, numpy) {
                    (Arith::Add, false) => return format!("__dadd_rn({a}, {b})"),
                    (Arith::Sub, false) => return format!("__dsub_rn({a}, {b})"),
                    (Arith::Mul, false) => return format!("__dmul_rn({a}, {b})"),
                    (Arith::Div, false) => "kiln_fdiv",
                    (Arith::Add, true) => "kiln_np_add",
                    (Arith::Sub, true) => "kiln_np_sub",
                    (Arith::Mul, true) => "kiln_np_mul",
                    (Arith::Div, true) => "kiln_np_div",
                    (Arith::FloorDiv | Arith::Mod, _) => unreachable!("refused by build"),
                };
                format!("{name}({a}, {b}, f)")
            }
            KTy::F32 => {
                let name = match op {
                    Arith::Add => "kiln_np32_add",
                    Arith::Sub => "kiln_np32_sub",
                    Arith::Mul => "kiln_np32_mul",
                    Arith::Div => "kiln_np32_div",
                    Arith::FloorDiv | Arith::Mod => unreachable!("refused by build"),
                };
                format!("{name}({a}, {b}, f)")
            }
        }
    }

    fn expr(&self, e: &KExpr) -> String {
        match e {
            KExpr::Int(i) if *i == i64::MIN => "KILN_MIN".into(),
            KExpr::Int(i) => format!("{i}LL"),
            KExpr::Float(x) => float(*x),
            KExpr::Bool(b) => b.to_string(),
            KExpr::Local(v, _) => self.local(*v),
            KExpr::IsNumpy(v) => format!("{}_np", self.local(*v)),
            KExpr::ToFloat(_, x) => format!("(double)({})", self.expr(x)),
            KExpr::ToF32(KTy::F64, x) => format!("kiln_to_f32({}, f)", self.expr(x)),
            KExpr::ToF32(_, x) => format!("(float)({})", self.expr(x)),
            KExpr::ToInt(x) => format!("(i64)({})", self.expr(x)),
            KExpr::Arith {
                op,
                ty,
                numpy,
                a,
                b,
            } => self.arith(*op, *ty, *numpy, &self.expr(a), &self.expr(b)),
            KExpr::Neg(KTy::F64 | KTy::F32, x) => format!("(-({}))", self.expr(x)),
            KExpr::Neg(_, x) => format!("kiln_ineg({}, f)", self.expr(x)),
            KExpr::Cmp(op, _, a, b) => {
                let sym = match op {
                    CmpOp::Eq => "==",
                    CmpOp::Ne => "!=",
                    CmpOp::Lt => "<",
                    CmpOp::Le => "<=",
                    CmpOp::Gt => ">",
                    CmpOp::Ge => ">=",
                };
                format!("({} {sym} {})", self.expr(a), self.expr(b))
            }
            KExpr::Not(x) => format!("(!{})", self.expr(x)),
            KExpr::And(a, b) => format!("({} && {})", self.expr(a), self.expr(b)),
            KExpr::Or(a, b) => format!("({} || {})", self.expr(a), self.expr(b)),
            KExpr::Select(c, a, b) => {
                format!("({} ? {} : {})", self.expr(c), self.expr(a), self.expr(b))
            }
            KExpr::Load(a, index) => {
                let suffix = self.k.arrays[*a].elem.suffix();
                format!("kiln_ld_{suffix}(a{a}, {}, f)", self.offset(*a, index))
            }
            KExpr::Extent(a, d) => format!("a{a}_e{d}"),
            KExpr::Call(f, args) => {
                let xs: Vec<String> = args.iter().map(|x| self.expr(x)).collect();
                match f {
                    KFn::Sqrt => format!("kiln_sqrt({}, f)", xs[0]),
                    KFn::FAbs => format!("fabs({})", xs[0]),
                    KFn::IAbs => format!("kiln_iabs({}, f)", xs[0]),
                    KFn::FloatToInt => format!("kiln_ftoi({}, f)", xs[0]),
                    KFn::Check => format!("kiln_check({}, f)", xs[0]),
                    KFn::Min(t) => format!("kiln_min_{}({}, {})", c_type(*t), xs[0], xs[1]),
                    KFn::Max(t) => format!("kiln_max_{}({}, {})", c_type(*t), xs[0], xs[1]),
                }
            }
        }
    }
}
