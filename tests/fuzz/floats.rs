//! Float kernels for the differential tester: loops over float32 and float64 arrays of
//! the program's own, with zeros, negatives, inf and NaN in the data, whose bodies are
//! the straight-line arithmetic the JIT runs several iterations at a time (lanes of
//! vectors): elements at the loop variable, at fixed and shifted subscripts, scalars
//! the body assigned, int expressions of the loop variable; and stores at fixed
//! elements, which with no store at the loop variable put the loop under the CPU's
//! flags first.

use super::Gen;
use std::fmt::Write;

impl Gen {
    /// A leaf of a float kernel: elements at the loop variable (vector lanes), at a
    /// fixed subscript or a shifted one, constants, the scalars the body assigned, int
    /// expressions of the loop variable.
    fn float_leaf(&mut self, locals: &[&'static str]) -> String {
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
        if depth > 2 || self.rng.chance(30) {
            return self.float_leaf(locals);
        }
        let a = self.float_expr(depth + 1, locals);
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
        for _ in 0..1 + self.rng.below(4) {
            if self.rng.chance(15) {
                // A comparison with a float float32 cannot hold, as numpy makes it.
                let a = self.float_leaf(&locals);
                let cmp = self.rng.pick(&["<", "<=", ">", ">=", "==", "!="]);
                let b = self.rng.pick(&["0.1", "x", "-0.3", "q[k]"]);
                self.line(2, &format!("if {a} {cmp} {b}:"));
                self.line(3, "s += 1.0");
                continue;
            }
            let line = match self.rng.below(6) {
                0 => format!("r[k] = {}", self.float_expr(0, &locals)),
                // A fixed element (the loop may run under the CPU's flags, undoing
                // it where one was raised).
                5 => {
                    let op = self.rng.pick(&["=", "+=", "*="]);
                    let at = self.rng.pick(&["0", "n - 1", "2"]);
                    format!("r[{at}] {op} {}", self.float_expr(0, &locals))
                }
                1 => format!("s += {}", self.float_expr(0, &locals)),
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
                _ => format!("t *= {}", self.float_expr(0, &locals)),
            };
            self.line(2, &line);
        }
        self.line(1, "return s, t, k");
        self.line(0, "");
        let _ = writeln!(self.out, "run_float({k}, f{k})\n");
    }
}
