//! Differential testing of the JIT: random loop nests, run compiled and interpreted.
//!
//! A seeded generator writes Python functions whose loops mix ints, floats and bools,
//! arrays of several dtypes (strided, reversed, transposed, aliasing views), negative
//! and out-of-bounds indices, floor division and modulo of negatives, i64 overflow,
//! stores that do not fit the dtype, swaps of elements (`a[i], a[j] = a[j], a[i]`),
//! `break`/`continue`/`while`, `return` from inside
//! loops (a tuple, from any depth), some of them decorated `@njit` (compiled whole,
//! so a hand-back writes back only the variables the rest of the function reads), and calls each one
//! with arguments whose types change between calls. Every batch of programs runs under
//! kiln with a very low hot threshold (so loops compile during their first run and are
//! re-entered compiled later; every third batch with `KILN_DEVICE=sim`, its parallel
//! nests run by the GPU tier's kernels on the simulated device, every other one of
//! those on a device of 1 KiB, where they run in tiles) and with
//! `KILN_JIT=0`; stdout (results, final state,
//! exception types and messages) and stderr (warnings, tracebacks) must be identical.
//!
//! Constants and arguments include floats float32 cannot hold (0.1, -0.3), which numpy
//! casts to float32 where they meet a float32 (NEP 50), in arithmetic and comparisons;
//! `round()`, `int()` and `float()` take numpy scalars as well as Python numbers, and
//! `**` meets numpy scalars with the warnings it gives, as do numpy's functions and
//! scalar types on numbers (`np.tanh(x)`, `np.floor(x)`, `np.hypot(x, y)`, `exp(x)` imported from numpy,
//! `np.int32(x)`, `np.isnan(x)` in conditions;
//! every warning is recorded and printed, so one lost in a compiled iteration is a
//! mismatch). The loops call module
//! functions the JIT inlines (one with several returns, one returning a tuple the loop
//! unpacks, reading a module constant, one with loops of its own returning from them)
//! that store into an array before
//! something can fail (overflow, a zero divisor, an index), shapes are unpacked
//! (`x, y = m.shape`, and of a 1-d array, which raises), chained assignments appear,
//! tuples are bound to names (`tp = (e1, e2)`, read back by subscripts and returned),
//! module lists of floats and ints are read (`LF[i % 7]`, one past the end too, `len`, and
//! through a harness method that names its list first, `v = self.vals`),
//! a list the function makes is appended to (`out.append(e)`), stored into
//! (`out[i % len(out)] += e`, one past the end too) and read back, a module list of
//! ints is stored into (in place, and past 64 bits) and printed, a module list of
//! rows (rows shared in some calls) is read and stored into (`LG[i % 4 - 1][j % 5]`),
//! its rows are bound to names (`rw = LG[i % 4 - 1]`, `for j, zr in enumerate(LG)`)
//! and read, stored into, measured and looped over (`for zz in rw`) through them,
//! a module list of bools is read in conditions (an int among them in some calls),
//! loops run over module lists whose items are not all of one kind in some calls,
//! attributes are stored (`cfg.acc += e`, and through a second name that is the same
//! object in some calls), methods of a `@jitclass` object are called (`tally.push(e)`,
//! which calls another method and can fail after storing), methods of a plain class
//! are called in expressions (`pt.energy()`, inlined, reading attributes the loop
//! stores),
//! draws are made from the `random` module's generator and one of the program's own
//! (`x = random.random()`, `y = 2.0 * random.random() - 1.0`, `rng.random() * 3`,
//! `random.uniform(-2, 0.5)`, `random.randint(-5, 3)`, of variables, `gauss`, in a
//! condition, an imported `draw()`, and in a sum, which stays interpreted), with both generators'
//! next draws printed after each call,
//! every integer dtype receives stores that do not fit it, some loops iterate over
//! arrays (`enumerate`, `zip`), and some runs have an interval timer firing a Python
//! signal handler while their loops run.
//!
//! About one program in five runs array statements instead (`tests/fuzz/arrays.rs`):
//! views with steps and negative bounds, broadcasting, in-place updates, overlapping
//! reads and shapes that stop matching, and calls of `@njit` functions for their
//! effect, spliced into the loop, that fail after storing.
//!
//! A quarter of the programs are float kernels over arrays of their own instead
//! (`tests/fuzz/floats.rs`; a third of them float32, the rest float64), the loops the
//! JIT runs several iterations at a time (lanes of vectors), with zeros, negatives, inf
//! and NaN in the data; some of the float64 ones are `@njit(fastmath=True)` over data
//! whose sums are exact in any order, so the partial sums the grant allows must still
//! give the interpreter's bits. Every batch starts with `tests/fuzz/prelude.py`.
//!
//! About one in ten are complex kernels (`tests/fuzz/complex.rs`): complex128 arrays,
//! Python complex and `np.complex128` scalars, mixed-mode arithmetic, signed zeros,
//! zero divisors, infinities and NaNs.
//!
//! About one in thirty loop over lists of tuples, unpacking them
//! (`tests/fuzz/unpacking.rs`).
//!
//! About one in twenty loop over lists of objects (`tests/fuzz/objects.rs`), reading
//! and storing their attributes, with lists that hold one object twice, values of
//! several kinds, missing attributes and classes whose attributes run code.
//!
//! `KILN_FUZZ_PROGRAMS` (default 2000) and `KILN_FUZZ_SEED` (default 1) choose how many
//! programs and which; a failing batch is kept in the temp directory to rerun by hand
//! (every batch, with `KILN_FUZZ_KEEP` set).

use std::fmt::Write;
use std::process::Command;

mod support;

#[path = "fuzz/arrays.rs"]
mod arrays;

#[path = "fuzz/complex.rs"]
mod complex;

#[path = "fuzz/floats.rs"]
mod floats;

#[path = "fuzz/objects.rs"]
mod objects;

#[path = "fuzz/unpacking.rs"]
mod unpacking;

#[path = "fuzz/parallel.rs"]
mod parallel;

const PER_BATCH: usize = 100;

/// splitmix64: small, seeded, the same on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

struct Gen {
    rng: Rng,
    out: String,
    /// Loop variables in scope, innermost last.
    loops: Vec<&'static str>,
    /// What the function being written returns, where a loop may `return` early.
    returns: Option<&'static str>,
    /// The line of the outer loop of the parallel nest being written.
    par_line_no: usize,
    /// Writing a float kernel under the fastmath grant, whose sums are exact in any
    /// order (`fuzz/floats.rs`).
    exact_floats: bool,
}

impl Gen {
    fn line(&mut self, depth: usize, text: &str) {
        let _ = writeln!(self.out, "{}{text}", "    ".repeat(depth));
    }

    fn loop_var(&mut self) -> &'static str {
        match self.loops.len() {
            0 => "n",
            k => self.loops[self.rng.below(k)],
        }
    }

    fn index_1d(&mut self) -> String {
        let v = self.loop_var();
        match self.rng.below(10) {
            0 => v.to_string(),
            1 => format!("-{v} - 1"),
            2 => format!("{v} % len(a)"),
            3 => format!("({v} * 3 + 1) % len(a)"),
            4 => format!("{v} + 1"),
            5 => "-1".into(),
            6 => format!("len(a) - 1 - {v} % len(a)"),
            // Falling subscripts (proven before the loop like rising ones), which may
            // leave the axis or go negative and wrap.
            7 => {
                let w = self.loop_var();
                self.rng
                    .pick(&["n - 1 - {v}", "n - {v}", "5 - {v}", "{w} - {v} + 1"])
                    .replace("{v}", v)
                    .replace("{w}", w)
            }
            _ => format!("{v} // 2"),
        }
    }

    fn element(&mut self) -> String {
        if self.rng.chance(60) {
            let arr = self.rng.pick(&["a", "b", "cfg.arr"]);
            format!("{arr}[{}]", self.index_1d())
        } else {
            let v = self.loop_var();
            let w = self.loop_var();
            if self.rng.chance(70) {
                format!("m[{v} % m.shape[0], {w} % m.shape[1]]")
            } else {
                format!("m[{v} % 4][-1 - {w} % 3]")
            }
        }
    }

    fn atom(&mut self, depth: usize) -> String {
        let choices = if depth >= 2 { 5 } else { 10 };
        match self.rng.below(choices) {
            0 | 1 => self.loop_var().to_string(),
            2 => self.element(),
            3 => self
                .rng
                .pick(&["s", "t", "x", "y", "n", "cfg.k", "cfg.w", "cfg.acc"])
                .to_string(),
            4 => self
                .rng
                .pick(&[
                    "2", "-3", "7", "0.5", "-1.25", "3.0", "1000003", "True", "0.1", "-0.3",
                ])
                .to_string(),
            5 => format!("abs({})", self.expr(depth + 1)),
            6 => format!("min({}, {})", self.expr(depth + 1), self.expr(depth + 1)),
            7 => match self.rng.below(15) {
                // An item of a list of rows (which the loops also store into).
                14 => {
                    let v = self.loop_var();
                    format!("LG[{v} % 3][-1 - {v} % 4]")
                }
                // Methods of a plain class, inlined: they read the object's attributes
                // and call one another.
                12 => "pt.energy()".to_string(),
                13 => format!("pt.scaled({})", self.expr(depth + 1)),
                0 => format!("round({})", self.expr(depth + 1)),
                1 => format!("float({})", self.expr(depth + 1)),
                2 => format!("int({})", self.expr(depth + 1)),
                3 => {
                    // Inlined calls that store before something can fail.
                    let arr = self.rng.pick(&["a", "b"]);
                    let v = self.loop_var();
                    let f = self.rng.pick(&["bump", "side", "pick", "scan"]);
                    format!("{f}({arr}, {v}, {})", self.expr(depth + 1))
                }
                // Elements of module lists of numbers (one past the end now and then).
                4 if self.rng.chance(25) => {
                    // Through a harness method that names its list first (`v = self.vals`).
                    let v = self.loop_var();
                    let f = self.rng.pick(&["at", "at", "either"]);
                    format!("HIST.{f}({v})")
                }
                4 => {
                    let v = self.loop_var();
                    let index = self.rng.pick(&["% 7", "% 9 - 8", "- 5"]);
                    format!("LF[{v} {index}]")
                }
                5 => {
                    let v = self.loop_var();
                    format!("(LI[{v} % len(LI)] - len(LF))")
                }
                // numpy's functions and scalar types on numbers (issue 17), by module
                // and by bare name (`from numpy import exp`).
                6 => format!("np.float64({})", self.expr(depth + 1)),
                7 => format!("np.int32({})", self.expr(depth + 1)),
                8 => format!("np.float32({})", self.expr(depth + 1)),
                9 => {
                    let f = self.rng.pick(&[
                        "np.tanh",
                        "np.sqrt",
                        "np.log",
                        "np_sqrt",
                        "np.floor",
                        "np.rint",
                        "np.cbrt",
                        "np.arcsinh",
                        "np.square",
                        "np.deg2rad",
                    ]);
                    format!("{f}({})", self.expr(depth + 1))
                }
                10 if self.rng.chance(3) => {
                    let f = self.rng.pick(&["np.hypot", "np.arctan2"]);
                    format!("{f}({}, {})", self.expr(depth + 1), self.expr(depth + 1))
                }
                10 => format!("exp(min({}, 30))", self.expr(depth + 1)),
                _ => format!("math.sqrt(abs({}))", self.expr(depth + 1)),
            },
            8 => format!(
                "({} if {} else {})",
                self.expr(depth + 1),
                self.cond(depth + 1),
                self.expr(depth + 1)
            ),
            _ => self.element(),
        }
    }

    fn expr(&mut self, depth: usize) -> String {
        if depth >= 2 || self.rng.chance(35) {
            return self.atom(depth);
        }
        if self.rng.chance(8) {
            // numpy scalar `**` warns (invalid value, overflow); Python's raises. The
            // base is an element or a loop variable, never an accumulator, whose
            // powers would grow without bound (`s += s ** 2`).
            let exponent = self.rng.pick(&["2", "0.5", "-1", "3", "-0.5"]);
            let base = if self.rng.chance(70) {
                self.element()
            } else {
                self.loop_var().to_string()
            };
            return format!("({base} ** {exponent})");
        }
        let op = self
            .rng
            .pick(&["+", "-", "*", "+", "*", "//", "%", "/", "-"]);
        format!("({} {op} {})", self.expr(depth + 1), self.expr(depth + 1))
    }

    fn cond(&mut self, depth: usize) -> String {
        let cmp = self.rng.pick(&["<", "<=", ">", ">=", "==", "!="]);
        let c = format!(
            "{} {cmp} {}",
            self.expr(depth.max(1)),
            self.expr(depth.max(1))
        );
        match self.rng.below(8) {
            0 => format!("{c} and {} > 0", self.loop_var()),
            // numpy's tests of a number (an `np.bool_`).
            4 => {
                let f = self
                    .rng
                    .pick(&["np.isnan", "np.isinf", "np.isfinite", "np.signbit"]);
                format!("{f}({})", self.expr(depth.max(1)))
            }
            1 => format!("not ({c})"),
            2 => format!("0 <= {} < {}", self.loop_var(), self.atom(2)),
            // An item of a module list of bools (an int among them in some calls).
            3 => format!("LB[{} % 7 - 1]", self.loop_var()),
            _ => c,
        }
    }

    fn stmt(&mut self, depth: usize, nest: usize) {
        match self.rng.below(12) {
            0..=2 => {
                let e = self.expr(0);
                self.line(depth, &format!("s += {e}"));
            }
            3 => {
                let v = self.loop_var();
                let m = self.rng.pick(&["31", "1000003", "7"]);
                self.line(depth, &format!("t = (t * {m} + {v}) % 2147483647"));
            }
            4 => {
                let v = self.loop_var();
                let big = self.rng.pick(&["3", "1000003", "-7"]);
                self.line(depth, &format!("t = t * {big} + {v}"));
            }
            5 | 6 if self.rng.chance(15) => {
                // A swap of two elements of one array (possibly the same element, or
                // one out of bounds).
                let arr = self.rng.pick(&["a", "b"]);
                let (i, j) = (self.index_1d(), self.index_1d());
                self.line(
                    depth,
                    &format!("{arr}[{i}], {arr}[{j}] = {arr}[{j}], {arr}[{i}]"),
                );
            }
            5 | 6 => {
                let target = self.element();
                let e = self.expr(0);
                let op = self.rng.pick(&["=", "=", "+="]);
                self.line(depth, &format!("{target} {op} {e}"));
            }
            7 => {
                let c = self.cond(0);
                self.line(depth, &format!("if {c}:"));
                self.stmt(depth + 1, nest);
                if self.rng.chance(50) {
                    self.line(depth, "else:");
                    self.stmt(depth + 1, nest);
                }
            }
            8 if !self.loops.is_empty() => {
                let c = self.cond(0);
                let jump = self.rng.pick(&["break", "continue"]);
                self.line(depth, &format!("if {c}:"));
                match self.returns {
                    Some(values) if self.rng.chance(30) => {
                        self.line(depth + 1, &format!("return {values}"))
                    }
                    _ => self.line(depth + 1, jump),
                }
            }
            9 if nest < 2 => self.for_loop(depth, nest + 1),
            10 if nest < 2 => {
                let w = ["w", "v"][nest];
                self.line(depth, &format!("{w} = 0"));
                let v = self.loop_var();
                self.line(depth, &format!("while {w} < {v} % 5:"));
                // First, so that a `continue` cannot make it loop for ever.
                self.line(depth + 1, &format!("{w} += 1"));
                self.loops.push(w);
                self.stmt(depth + 1, nest + 1);
                self.loops.pop();
            }
            _ if self.rng.chance(20) => {
                let e = self.expr(0);
                self.line(depth, &format!("x = y = {e}"));
            }
            _ if self.rng.chance(15) => {
                let arr = self.rng.pick(&["a", "b"]);
                let v = self.loop_var();
                let e = self.expr(0);
                self.line(depth, &format!("x, y = pair({arr}, {v}, {e})"));
            }
            _ if self.rng.chance(10) => {
                // Attributes stored, of an object another name gives in some calls
                // (`al is cfg`), then one attribute held in two variables.
                let obj = self.rng.pick(&["cfg", "al"]);
                let e = self.expr(0);
                let op = self.rng.pick(&["=", "+=", "-="]);
                self.line(depth, &format!("{obj}.acc {op} {e}"));
            }
            _ if self.rng.chance(8) => {
                // Stores into lists: the function's own (`out`, which it appends to)
                // and a module list of rows whose rows are one list in some calls.
                let v = self.loop_var();
                let e = self.expr(0);
                let op = self.rng.pick(&["=", "+=", "-="]);
                if self.rng.chance(20) {
                    // Ints stored into the module's list of ints (in place where
                    // the list alone holds the int), one of them past 64 bits.
                    let big = self.rng.pick(&["t % 1000", "t * 1000003", "-t"]);
                    self.line(depth, &format!("LI[{v} % 6] {op} {big}"));
                } else if self.rng.chance(50) {
                    let at = self.rng.pick(&["% len(out)", "% 3 - 2", "- 1"]);
                    self.line(depth, &format!("out[{v} {at}] {op} {e}"));
                } else {
                    let w = self.loop_var();
                    self.line(depth, &format!("LG[{v} % 4 - 1][{w} % 5] {op} {e}"));
                }
            }
            _ if self.rng.chance(6) => {
                // Draws from the interpreter's generators (the module's, one of its
                // own, under an imported name), alone, in arithmetic with constants,
                // and in a form that stays interpreted (a draw in a sum).
                let (target, value) = match self.rng.below(14) {
                    // Arguments that are variables (numpy scalars in some calls, which
                    // keep the draw interpreted), `gauss`, a draw in a condition.
                    9 => ("x", "random.uniform(x, y)"),
                    10 => ("t", "random.randint(-n, n // 2)"),
                    11 => ("y", "random.gauss(x, abs(y) + 0.5)"),
                    12 => ("x", "rng.gauss()"),
                    13 => ("if random.random() < 0.4:\n", "s += 1"),
                    7 => ("t", "random.randint(-5, 3)"),
                    8 => ("u", "rng.randint(0, 5000000000)"),
                    5 => ("x", "random.uniform(-2, 0.5)"),
                    6 => ("y", "rng.uniform(1.0, -1)"),
                    0 => ("x", "random.random()"),
                    1 => ("y", "2.0 * random.random() - 1.0"),
                    2 => ("x", "rng.random() * 3"),
                    3 => ("y", "draw()"),
                    _ => ("s", "s + random.random()"),
                };
                match target.strip_suffix('\n') {
                    Some(cond) => {
                        self.line(depth, cond);
                        self.line(depth + 1, value);
                    }
                    None => self.line(depth, &format!("{target} = {value}")),
                }
            }
            _ if self.rng.chance(6) => {
                // A row of the module list of rows bound to a name, read, stored into
                // (one out of range now and then) and measured.
                let (v, w) = (self.loop_var(), self.loop_var());
                self.line(depth, &format!("rw = LG[{v} % 4 - 1]"));
                match self.rng.below(4) {
                    0 => self.line(depth, &format!("s += rw[{w} % 5] * len(rw)")),
                    1 => {
                        let e = self.expr(0);
                        let op = self.rng.pick(&["=", "+=", "-="]);
                        self.line(depth, &format!("rw[{w} % 5 - 1] {op} {e}"));
                    }
                    2 => self.line(depth, "s += len(rw) - rw[-1]"),
                    _ => {
                        // A loop over the row (an int among its items in some calls).
                        self.line(depth, "for zz in rw:");
                        self.line(depth + 1, "s += zz * 0.5");
                    }
                }
            }
            _ if self.rng.chance(6) => {
                // An attribute the inlined methods read, stored by the loop.
                let e = self.expr(0);
                self.line(depth, &format!("pt.m = {e}"));
            }
            _ if self.rng.chance(8) => {
                // A method of a `@jitclass` object, which calls another of its own and
                // can fail after storing attributes (a zero divisor).
                let e = self.expr(0);
                self.line(depth, &format!("tally.push({e})"));
            }
            _ if self.rng.chance(10) => {
                // Appending to a list the function made, read back now and then.
                let e = self.expr(0);
                self.line(depth, &format!("out.append({e})"));
                if self.rng.chance(40) {
                    self.line(depth, "s += out[-1] - len(out)");
                }
            }
            _ if self.rng.chance(12) => {
                // A tuple bound to a name, read by subscripts and written back.
                let (e1, e2) = (self.expr(0), self.expr(0));
                self.line(depth, &format!("tp = ({e1}, {e2})"));
                self.line(depth, "s += tp[0] - tp[-1] * len(tp)");
            }
            _ if self.rng.chance(10) => {
                // The shape of the 2-d (or 1-d) array, unpacked.
                let (shape, names) = if self.rng.chance(80) {
                    ("m.shape", "x, y")
                } else {
                    ("a.shape", "x, y")
                };
                self.line(depth, &format!("{names} = {shape}"));
            }
            _ => {
                let e = self.expr(0);
                let c = self.cond(0);
                self.line(depth, &format!("u = {c}"));
                self.line(depth, &format!("x, y = y, {e}"));
            }
        }
    }

    fn for_loop(&mut self, depth: usize, nest: usize) {
        let var = ["i", "j", "k"][nest.min(2)];
        let outer = self.loop_var();
        let range = match self.rng.below(10) {
            // A loop over a module list, whose items are not all of one kind in some
            // calls (`LB` holds an int among its bools, `LM` a str or an int among
            // its floats).
            9 if self.rng.chance(30) => {
                // A loop over the module list of rows, each row bound to a name.
                self.line(depth, &format!("for {var}, zr in enumerate(LG):"));
                self.loops.push(var);
                self.line(depth + 1, &format!("s += zr[{var} % 4] - len(zr)"));
                self.stmt(depth + 1, nest);
                self.loops.pop();
                return;
            }
            9 => {
                let list = self.rng.pick(&["LB", "LM", "LF"]);
                self.line(depth, &format!("for {var}, z in enumerate({list}):"));
                self.loops.push(var);
                self.line(depth + 1, "s += z");
                self.stmt(depth + 1, nest);
                self.loops.pop();
                return;
            }
            // Loops over arrays: the index and each item, or only the items (the
            // loop variable then comes from one).
            7 => {
                self.line(depth, &format!("for {var}, z in enumerate(b):"));
                self.loops.push(var);
                self.line(depth + 1, "s += z");
                self.stmt(depth + 1, nest);
                self.loops.pop();
                return;
            }
            8 => {
                self.line(depth, "for z, zz in zip(a, b):");
                self.loops.push(var);
                self.line(depth + 1, &format!("{var} = int(zz) % 7 - 2"));
                self.line(depth + 1, "s += z * zz");
                self.stmt(depth + 1, nest);
                self.loops.pop();
                return;
            }
            0 => "range(n)".to_string(),
            1 => "range(len(a) - 1, -1, -1)".into(),
            2 => "range(1, n, 2)".into(),
            3 => "range(n, 0, -3)".into(),
            4 => format!("range({outer} % 4 + 1)"),
            5 => "range(m.shape[1])".into(),
            _ => "range(-2, n + 2)".into(),
        };
        self.line(depth, &format!("for {var} in {range}:"));
        self.loops.push(var);
        let count = 1 + self.rng.below(3);
        for _ in 0..count {
            self.stmt(depth + 1, nest);
        }
        self.loops.pop();
    }

    fn program(&mut self, k: usize) {
        if self.rng.chance(12) {
            return self.parallel_program(k);
        }
        if self.rng.chance(25) {
            return self.float_program(k);
        }
        if self.rng.chance(25) {
            return self.array_program(k);
        }
        if self.rng.chance(20) {
            return self.complex_program(k);
        }
        if self.rng.chance(15) {
            return self.object_program(k);
        }
        if self.rng.chance(8) {
            return self.unpacking_program(k);
        }
        // Decorated, the function is compiled whole: a hand-back anywhere in it
        // writes back only what the rest of the function reads.
        if self.rng.chance(30) {
            self.line(0, "@njit");
        }
        self.line(0, &format!("def f{k}(a, b, m, n, x, y):"));
        let s0 = self.rng.pick(&["0.0", "0", "x"]);
        self.line(1, &format!("s = {s0}"));
        self.line(1, "t = 1");
        self.line(1, "u = False");
        self.line(1, "tp = (0, 0.5)");
        self.line(1, "out = [0.25]");
        self.returns = Some("s, t, u, x, y");
        self.for_loop(1, 0);
        self.returns = None;
        self.line(1, "return s, t, u, x, y, tp, len(out), out[-3:]");
        self.line(0, "");
        let _ = writeln!(self.out, "run({k}, f{k})\n");
    }
}

/// What every batch starts with: imports, the helpers that print results and the
/// classes and module values the generated functions use.
const PRELUDE: &str = include_str!("fuzz/prelude.py");

fn batch(seed: u64, first: usize, count: usize) -> String {
    let mut g = Gen {
        rng: Rng(seed.wrapping_mul(1_000_003).wrapping_add(first as u64)),
        out: PRELUDE.to_string()
            + arrays::PRELUDE
            + complex::PRELUDE
            + objects::PRELUDE
            + unpacking::PRELUDE
            + parallel::PRELUDE,
        loops: Vec::new(),
        returns: None,
        par_line_no: 0,
        exact_floats: false,
    };
    for k in first..first + count {
        g.program(k);
    }
    g.out
}

fn main() {
    let programs: usize = std::env::var("KILN_FUZZ_PROGRAMS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000);
    let seed: u64 = std::env::var("KILN_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    let kiln = env!("CARGO_BIN_EXE_kiln");
    let dir = std::env::temp_dir().join(format!("kiln-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let batches: Vec<usize> = (0..programs.div_ceil(PER_BATCH)).collect();
    let stats = std::sync::Mutex::new(Stats::default());
    let failures: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = batches
            .chunks(batches.len().div_ceil(2).max(1))
            .map(|chunk| {
                let dir = &dir;
                let stats = &stats;
                scope.spawn(move || {
                    let mut failures = Vec::new();
                    for &b in chunk {
                        let first = b * PER_BATCH;
                        let count = PER_BATCH.min(programs - first);
                        let path = dir.join(format!("batch{b}.py"));
                        std::fs::write(&path, batch(seed, first, count)).unwrap();
                        let report = dir.join(format!("batch{b}.json"));
                        let run = |jit: bool| {
                            let mut cmd = Command::new(kiln);
                            cmd.arg(&path).env_remove("KILN_JIT_REPORT");
                            if jit {
                                cmd.env("KILN_JIT_THRESHOLD", "3");
                                cmd.env("KILN_JIT_VERIFY", "1");
                                cmd.env("KILN_JIT_REPORT", &report);
                                // The run's own code cache: a nest the generator
                                // made twice runs on the code stored the first time.
                                cmd.env("KILN_CACHE_DIR", dir.join("cache"));
                                // Tier 2 on every nest the analysis allows, on two
                                // threads or (oversubscribed) four.
                                cmd.env("KILN_PARALLEL_MIN_WORK", "0");
                                cmd.env("KILN_THREADS", if b % 2 == 0 { "2" } else { "4" });
                                // Every third batch (or each, `KILN_FUZZ_DEVICE=sim`)
                                // with its parallel nests on the simulated device: the
                                // GPU tier's kernels against the interpreter.
                                if b % 3 == 1 || std::env::var_os("KILN_FUZZ_DEVICE").is_some() {
                                    cmd.env("KILN_DEVICE", "sim");
                                    // Every other one on a device of 1 KiB: the
                                    // nests' footprints do not fit, they run in tiles.
                                    if b % 2 == 0 {
                                        cmd.env("KILN_GPU_MEM_LIMIT", "1K");
                                    }
                                }
                            } else {
                                cmd.env("KILN_JIT", "0");
                            }
                            run_with_timeout(cmd)
                        };
                        let (on, off) = (run(true), run(false));
                        let wrong = wrongly_parallel(&report, &on.stdout);
                        tally(&report, stats);
                        if on.stdout != off.stdout
                            || on.stderr != off.stderr
                            || on.status.code() != off.status.code()
                        {
                            let diff = first_difference(&on.stdout, &off.stdout)
                                .or_else(|| first_difference(&on.stderr, &off.stderr))
                                .unwrap_or_else(|| {
                                    format!(
                                        "exit {:?} vs {:?}",
                                        on.status.code(),
                                        off.status.code()
                                    )
                                });
                            failures.push(format!("{} (kept): {diff}", path.display()));
                        } else if let Some(wrong) = wrong {
                            failures.push(format!("{} (kept): {wrong}", path.display()));
                        } else if std::env::var_os("KILN_FUZZ_KEEP").is_none() {
                            let _ = std::fs::remove_file(&path);
                        }
                    }
                    failures
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    for f in &failures {
        eprintln!("MISMATCH {f}");
    }
    let stats = stats.into_inner().unwrap();
    println!(
        "jit fuzz: {programs} programs (seed {seed}), {} mismatching batches; {} of {} loops that ran compiled ({} vectorised, {} of them in partial sums, {} with selects, {} under the CPU's flags, {} checked by their sum ({} a nest), {} on several threads, {} with a loop moved innermost in the chunks, {} on the simulated device ({} in tiles), {} with a proven nest's checked copy compiled when its proof failed, {} with conditional assignments as selects), {} deopts",
        failures.len(),
        stats.compiled,
        stats.sites,
        stats.vectorised,
        stats.partial_sums,
        stats.selects,
        stats.flagged,
        stats.summed,
        stats.summed_nests,
        stats.parallel,
        stats.interchanged,
        stats.on_device,
        stats.tiled,
        stats.checked_copies,
        stats.branch_selects,
        stats.deopts
    );
    let mut reasons: Vec<_> = stats.reasons.into_iter().collect();
    reasons.sort_by_key(|r| std::cmp::Reverse(r.1));
    for (reason, n) in reasons.iter().take(5) {
        println!("  interpreted {n}x: {reason}");
    }
    // A fuzzer whose loops all stay interpreted tests nothing.
    assert!(
        stats.compiled * 2 >= stats.sites,
        "fewer than half the loops compiled"
    );
    assert!(
        stats.vectorised * 20 >= programs,
        "fewer than one program in twenty ran a vector loop"
    );
    assert!(
        programs < 500 || stats.partial_sums * 200 >= programs,
        "fewer than one program in two hundred summed in partial sums (the fastmath grant)"
    );
    if failures.is_empty() && std::env::var_os("KILN_FUZZ_KEEP").is_none() {
        let _ = std::fs::remove_dir_all(&dir);
    } else {
        std::process::exit(1);
    }
}

#[derive(Default)]
struct Stats {
    sites: usize,
    compiled: usize,
    deopts: u64,
    vectorised: usize,
    /// Sites with a vector loop that summed in partial sums (the fastmath grant).
    partial_sums: usize,
    /// Sites with a conditional element store run as a select.
    selects: usize,
    flagged: usize,
    /// Sites with a short loop checked once by the sum it carries (`summed_loops`).
    summed: usize,
    /// Sites with a loop with loops inside checked once by its sum (`summed_nests`).
    summed_nests: usize,
    parallel: usize,
    /// Sites whose parallel runs moved a loop innermost (`analysis::interchange`).
    interchanged: usize,
    /// Sites of which an entry ran in tiles on the simulated device.
    tiled: u64,
    /// Sites that ran (a nest or a loop of theirs) on the simulated device.
    on_device: usize,
    /// Sites that ran the checked copy of a proven nest, compiled when its proof
    /// failed.
    checked_copies: usize,
    /// Sites that ran a conditional assignment as a select (`if_convert`).
    branch_selects: usize,
    reasons: std::collections::HashMap<String, usize>,
}

/// The first value of the outer variable of each parallel run of each site, by line.
fn parallel_starts(sites: &[serde_json::Value]) -> Vec<(u64, i64)> {
    let mut out = Vec::new();
    for site in sites {
        let Some(line) = site["line"].as_u64() else {
            continue;
        };
        for spec in site["specialisations"].as_array().into_iter().flatten() {
            for start in spec["parallel_starts"].as_array().into_iter().flatten() {
                if let Some(v) = start.as_i64() {
                    out.push((line, v));
                }
            }
        }
    }
    out
}

/// A parallel nest whose brute-force twin (`brute K LINE V`) found two iterations from
/// V on touching one element, one writing it, that the jit report shows run on several
/// threads from V or before.
fn wrongly_parallel(report: &std::path::Path, stdout: &[u8]) -> Option<String> {
    let text = std::fs::read_to_string(report).ok()?;
    let json: serde_json::Value = serde_json::from_str(&text).ok()?;
    let starts = parallel_starts(json["sites"].as_array()?);
    for line in String::from_utf8_lossy(stdout).lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if let ["brute", k, at, last] = words[..]
            && let (Ok(at), Ok(last)) = (at.parse::<u64>(), last.parse::<i64>())
            && let Some((_, start)) = starts.iter().find(|(l, v)| *l == at && *v <= last)
        {
            return Some(format!(
                "g{k}: its outer loop (line {at}) ran on several threads from {start}, but \
                 two of its iterations from {last} on touch one element, one writing it"
            ));
        }
    }
    None
}

/// Adds a batch's jit report to the totals.
fn tally(report: &std::path::Path, stats: &std::sync::Mutex<Stats>) {
    let Ok((_, sites)) = support::take_jit_report(report) else {
        return;
    };
    let mut stats = stats.lock().unwrap();
    for site in &sites {
        stats.sites += 1;
        if ["tier 1", "sim", "gpu"].contains(&site["tier"].as_str().unwrap_or("")) {
            stats.compiled += 1;
        }
        if ["sim", "gpu"].contains(&site["tier"].as_str().unwrap_or("")) {
            stats.on_device += 1;
        }
        let tiled = |d: &serde_json::Value| d["tiles"].as_u64().unwrap_or(0) > 1;
        if site["specialisations"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|s| {
                tiled(&s["device"])
                    || s["parallel_loops"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .any(|l| tiled(&l["device"]))
            })
        {
            stats.tiled += 1;
        }
        stats.deopts += site["deopts"].as_u64().unwrap_or(0);
        let specs = site["specialisations"].as_array().into_iter().flatten();
        if specs
            .clone()
            .any(|s| s["vector_loops"].as_u64().unwrap_or(0) > 0)
        {
            stats.vectorised += 1;
        }
        if specs
            .clone()
            .any(|s| s["partial_sum_loops"].as_u64().unwrap_or(0) > 0)
        {
            stats.partial_sums += 1;
        }
        let counted = |key: &str| specs.clone().any(|s| s[key].as_u64().unwrap_or(0) > 0);
        let nests = counted("summed_nests");
        if nests || counted("summed_loops") {
            stats.summed += 1;
        }
        if nests {
            stats.summed_nests += 1;
        }
        if specs.clone().any(|s| s["interchanged"].is_string()) {
            stats.interchanged += 1;
        }
        if specs
            .clone()
            .any(|s| s["select_stores"].as_u64().unwrap_or(0) > 0)
        {
            stats.selects += 1;
        }
        if specs
            .clone()
            .any(|s| s["flag_loops"].as_u64().unwrap_or(0) > 0)
        {
            stats.flagged += 1;
        }
        if specs
            .clone()
            .any(|s| s["branch_selects"].as_u64().unwrap_or(0) > 0)
        {
            stats.branch_selects += 1;
        }
        if specs.clone().any(|s| {
            s["checked_copies"]
                .as_array()
                .is_some_and(|c| !c.is_empty())
        }) {
            stats.checked_copies += 1;
        }
        if specs
            .into_iter()
            .any(|s| s["parallel_runs"].as_u64().unwrap_or(0) > 0)
        {
            stats.parallel += 1;
        }
        if let Some(reason) = site["reason"].as_str() {
            // "line 12: ..." differs per program; the rest is the kind of reason.
            let kind = reason.split_once(": ").map_or(reason, |(_, r)| r);
            *stats.reasons.entry(kind.to_owned()).or_default() += 1;
        }
    }
}

/// Runs a batch, killing it after a minute: a hang is a failure, not a stuck CI.
fn run_with_timeout(mut cmd: Command) -> std::process::Output {
    use std::process::Stdio;
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kiln starts");
    let (mut out, mut err) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        std::io::Read::read_to_end(&mut out, &mut buf).ok();
        buf
    });
    let err_reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        std::io::Read::read_to_end(&mut err, &mut buf).ok();
        buf
    });
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("waits") {
            break status;
        }
        if started.elapsed() > std::time::Duration::from_secs(60) {
            let _ = child.kill();
            break child.wait().expect("waits");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    std::process::Output {
        status,
        stdout: reader.join().unwrap(),
        stderr: err_reader.join().unwrap(),
    }
}

fn first_difference(a: &[u8], b: &[u8]) -> Option<String> {
    let (a, b) = (String::from_utf8_lossy(a), String::from_utf8_lossy(b));
    let mut al = a.lines();
    let mut bl = b.lines();
    for n in 1.. {
        match (al.next(), bl.next()) {
            (None, None) => return None,
            (x, y) if x == y => continue,
            (x, y) => {
                return Some(format!(
                    "line {n}:\n  compiled:    {}\n  interpreted: {}",
                    x.unwrap_or("<end>"),
                    y.unwrap_or("<end>")
                ));
            }
        }
    }
    None
}
