//! Float kernels for the differential tester: loops over float32 and float64 arrays of
//! the program's own, with zeros, negatives, inf and NaN in the data, whose bodies are
//! the straight-line arithmetic the JIT runs several iterations at a time (lanes of
//! vectors): elements at the loop variable, at fixed and shifted subscripts, scalars
//! the body assigned, int expressions of the loop variable; and stores at fixed
//! elements, which with no store at the loop variable put the loop under the CPU's
//! flags first; conditional stores of the element compared (`if u < r[k]: r[k] = u`,
//! a select); short inner loops and nests of two loops that only sum
//! (`acc += p[j] * q[k]`, `acc += p[j + h] * q[k]`).
//!
//! Some float64 kernels are decorated `@njit(fastmath=True)`, the grant that lets the
//! JIT sum in partial sums (vector lanes, threads). Their data and constants are small
//! multiples of a quarter and their terms sums and products of at most four leaves,
//! so every partial sum is exact and any order of the sums gives the interpreter's
//! bits: the comparison stays exact, and a lane lost, counted twice or combined with
//! the wrong start value shows.

use super::Gen;
use std::fmt::Write;

impl Gen {
    /// A leaf of a float kernel: elements at the loop variable (vector lanes), at a
    /// fixed subscript or a shifted one, constants, the scalars the body assigned, int
    /// expressions of the loop variable.
    fn float_leaf(&mut self, locals: &[&'static str]) -> String {
        if self.exact_floats {
            return match self.rng.below(6) {
                0 => self.rng.pick(&["k", "(k - 2)", "(n - k)", "-k"]).into(),
                1 | 2 => self
                    .rng
                    .pick(&["p[k]", "q[k]", "p[k + 1]", "q[k - 1]"])
                    .into(),
                3 => self.rng.pick(&["p[0]", "q[3]", "x"]).into(),
                _ => self
                    .rng
                    .pick(&["2", "0.5", "-1.25", "0.0", "3", "n"])
                    .into(),
            };
        }
        match self.rng.below(10) {
            9 => self.rng.pick(&["k", "(k - 2)", "(n - k)", "-k"]).into(),
            0..=2 | 8 => self.rng.pick(&["p[k]", "q[k]", "r[k]"]).into(),
            3 => self.rng.pick(&["p[0]", "q[3]", "x"]).into(),
            4 => self
                .rng
                .pick(&["2", "0.5", "-1.25", "1e300", "0.0", "3", "n"])
                .into(),
            5 if !locals.is_empty() => locals[self.rng.below(locals.len())].into(),
            _ => self.rng.pick(&["p[k + 1]", "q[k - 1]"]).into(),
        }
    }

    fn float_expr(&mut self, depth: usize, locals: &[&'static str]) -> String {
        let deepest = if self.exact_floats { 1 } else { 2 };
        if depth > deepest || self.rng.chance(30) {
            return self.float_leaf(locals);
        }
        let a = self.float_expr(depth + 1, locals);
        if self.exact_floats {
            // Exact in any order: no quotient, no root.
            return match self.rng.below(5) {
                0 => format!("abs({a})"),
                1 => format!("-{a}"),
                _ => {
                    let op = self.rng.pick(&["+", "-", "*"]);
                    let b = self.float_expr(depth + 1, locals);
                    format!("({a} {op} {b})")
                }
            };
        }
        match self.rng.below(6) {
            0 => format!("math.sqrt({a})"),
            1 => format!("abs({a})"),
            2 => format!("-{a}"),
            _ => {
                let op = self.rng.pick(&["+", "-", "*", "/", "+", "*"]);
                let b = self.float_expr(depth + 1, locals);
                format!("({a} {op} {b})")
            }
        }
    }

    /// A float kernel over arrays of their own: what the JIT runs several iterations
    /// at a time, with zeros, negatives, inf and NaN in the data to send groups back.
    /// The accumulators start as Python floats or as the arrays' own type.
    pub(super) fn float_program(&mut self, k: usize) {
        // float64 (`run_float`'s dtype), a third of the time: the grant.
        self.exact_floats = k % 3 != 1 && self.rng.chance(35);
        if self.exact_floats {
            self.line(0, "@njit(fastmath=True)");
        }
        self.line(0, &format!("def f{k}(p, q, r, x, n):"));
        if self.rng.chance(50) {
            self.line(1, "s = 0.0");
            self.line(1, "t = 1.0");
        } else {
            self.line(1, "s = r[0] * 0");
            self.line(1, "t = r[0] * 0 + 1");
        }
        self.line(1, "for k in range(1, n - 1):");
        let mut locals = Vec::new();
        if self.exact_floats {
            // The sum first, and mostly statements a vector loop takes after it.
            let op = self.rng.pick(&["+=", "-="]);
            let e = self.float_expr(0, &locals);
            self.line(2, &format!("s {op} {e}"));
        }
        for _ in 0..1 + self.rng.below(4) {
            if !locals.is_empty() && self.rng.chance(10) {
                // A conditional store of the element compared: a select.
                let v = locals[self.rng.below(locals.len())];
                let cmp = self.rng.pick(&["<", ">", "<=", "!="]);
                let at = self.rng.pick(&["r[k]", "r[k - 1]", "r[0]"]);
                let (a, b) = if self.rng.chance(50) {
                    (v, at)
                } else {
                    (at, v)
                };
                self.line(2, &format!("if {a} {cmp} {b}:"));
                self.line(3, &format!("{at} = {v}"));
                continue;
            }
            if !self.exact_floats && self.rng.chance(12) {
                // A short loop that only sums (checked once by its sum, after it:
                // `summed_loops`), its sum then used.
                let op = self.rng.pick(&["+=", "-=", "*="]);
                let range = self.rng.pick(&["range(3)", "range(4)", "range(1, 5)"]);
                let term = match self.rng.below(6) {
                    0 => "p[j] * q[k]".to_string(),
                    1 => "q[j] * x".to_string(),
                    2 => "(p[j] - q[j]) * 1e300".to_string(),
                    3 => "r[j] * r[j] + 0.5".to_string(),
                    4 => format!("p[j] * {}", self.float_leaf(&locals)),
                    _ => self.float_expr(1, &locals),
                };
                if self.rng.chance(40) {
                    // An element as the sum, carried in a register and stored on
                    // every iteration (written back where the test after fails).
                    let at = self.rng.pick(&["r[k]", "r[0]", "r[n - 1]"]);
                    self.line(2, &format!("for j in {range}:"));
                    if self.rng.chance(50) {
                        self.line(3, &format!("{at} {op} {term}"));
                    } else {
                        let bin = &op[..1];
                        self.line(3, &format!("{at} = {at} {bin} {term}"));
                    }
                    continue;
                }
                let start = self.rng.pick(&["0.0", "1.0", "r[0] * 0", "s"]);
                self.line(2, &format!("acc = {start}"));
                if self.rng.chance(40) {
                    // A nest that only sums (checked once by its sum, after the
                    // nest: `summed_nests`), rectangular or triangular, a sum at
                    // its outer level too sometimes; subscripts stay below 5.
                    let inner = self.rng.pick(&[
                        "range(3)",
                        "range(j + 1)",
                        "range(j, 3)",
                        "range(1, j + 1)",
                    ]);
                    let term = match self.rng.below(5) {
                        0 => "p[j + h] * q[k]".to_string(),
                        1 => "q[h] * x - r[j]".to_string(),
                        2 => "(p[h] - q[j]) * 1e300".to_string(),
                        3 => "(h - j) * q[j + h] + 0.5".to_string(),
                        _ => format!("p[h] * {}", self.float_leaf(&locals)),
                    };
                    self.line(2, "for j in range(3):");
                    if self.rng.chance(30) {
                        self.line(3, &format!("acc {op} q[j] * 2.0"));
                    }
                    self.line(3, &format!("for h in {inner}:"));
                    self.line(4, &format!("acc {op} {term}"));
                    let use_it = self.rng.pick(&["s += acc", "r[k] = acc", "t = acc"]);
                    self.line(2, use_it);
                    continue;
                }
                self.line(2, &format!("for j in {range}:"));
                self.line(3, &format!("acc {op} {term}"));
                let use_it = self.rng.pick(&["s += acc", "r[k] = acc", "t = acc"]);
                self.line(2, use_it);
                continue;
            }
            let branch = if self.exact_floats { 4 } else { 15 };
            if self.rng.chance(branch) {
                // A comparison with a float float32 cannot hold, as numpy makes it.
                let a = self.float_leaf(&locals);
                let cmp = self.rng.pick(&["<", "<=", ">", ">=", "==", "!="]);
                let b = self.rng.pick(&["0.1", "x", "-0.3", "q[k]"]);
                self.line(2, &format!("if {a} {cmp} {b}:"));
                self.line(3, "s += 1.0");
                continue;
            }
            let pick = match self.rng.below(6) {
                // Under the grant, a second sum of `s` would read it twice.
                1 | 5 if self.exact_floats && self.rng.chance(80) => 2,
                other => other,
            };
            let line = match pick {
                0 => format!("r[k] = {}", self.float_expr(0, &locals)),
                // A fixed element (the loop may run under the CPU's flags, undoing
                // it where one was raised).
                5 => {
                    let op = self.rng.pick(&["=", "+=", "*="]);
                    let at = self.rng.pick(&["0", "n - 1", "2"]);
                    format!("r[{at}] {op} {}", self.float_expr(0, &locals))
                }
                1 => {
                    let op = if self.exact_floats {
                        self.rng.pick(&["+=", "-="])
                    } else {
                        "+="
                    };
                    format!("s {op} {}", self.float_expr(0, &locals))
                }
                2 => {
                    let v = self.rng.pick(&["u", "w"]);
                    let line = format!("{v} = {}", self.float_expr(0, &locals));
                    locals.push(v);
                    line
                }
                3 => {
                    let op = self.rng.pick(&["+=", "*=", "-="]);
                    format!("r[k] {op} {}", self.float_expr(0, &locals))
                }
                // A product's partial products are not exact: under the grant `t`
                // is a second sum.
                _ if self.exact_floats => format!("t += {}", self.float_expr(0, &locals)),
                _ => format!("t *= {}", self.float_expr(0, &locals)),
            };
            self.line(2, &line);
        }
        self.line(1, "return s, t, k");
        self.line(0, "");
        let exact = if self.exact_floats { "True" } else { "False" };
        let _ = writeln!(self.out, "run_float({k}, f{k}, {exact})\n");
        self.exact_floats = false;
    }
}
