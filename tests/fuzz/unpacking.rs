//! Loops that unpack their items, for the differential tester: `for a, b, c in rows`
//! over lists of tuples (or of lists), `for i, (a, b) in enumerate(rows)`, `for (a, b),
//! (c, d) in zip(rows, rows[1:])`, `for x, y in zip(xs, xs[1:])` and inner loops over
//! a subscript (`for a in rows[r]`), under an outer
//! loop or not, reading the elements into sums, comparisons and stores into a list of
//! floats. The rows differ from call to call: floats and ints; an int among the
//! floats; a str among them; a row of another length; lists for tuples; a row held
//! twice; an empty list. After each call the results and the list stored into are
//! printed.

use super::Gen;
use std::fmt::Write;

impl Gen {
    /// An expression of the unpacked names and the loop's other numbers.
    fn unpacked_expr(&mut self, names: &[&'static str], depth: usize) -> String {
        if depth > 1 || self.rng.chance(40) {
            return match self.rng.below(6) {
                0 => self.rng.pick(&["s", "0.5", "-2", "i"]).into(),
                _ => names[self.rng.below(names.len())].into(),
            };
        }
        let a = self.unpacked_expr(names, depth + 1);
        let b = self.unpacked_expr(names, depth + 1);
        match self.rng.below(6) {
            0 => format!("abs({a} - {b})"),
            1 => format!("max({a}, {b})"),
            _ => {
                let op = self.rng.pick(&["+", "-", "*", "+", "/"]);
                format!("({a} {op} {b})")
            }
        }
    }

    /// A function with a loop that unpacks the items of `rows` (and reads `xs`).
    pub(super) fn unpacking_program(&mut self, k: usize) {
        self.line(0, &format!("def f{k}(rows, xs, out):"));
        self.line(1, "s = 0.0");
        self.line(1, "i = 0");
        let mut depth = 1;
        if self.rng.chance(40) {
            self.line(1, "for step in range(3):");
            depth = 2;
        }
        let names: Vec<&'static str> = match self.rng.below(6) {
            4 => {
                // An inner loop over a subscript of the list (a row, where the rows
                // are lists).
                self.line(depth, "for r in range(len(rows) - 1):");
                depth += 1;
                let seq = self
                    .rng
                    .pick(&["rows[r]", "rows[r + 1]", "rows[-1]", "xs[r:]"]);
                self.line(depth, &format!("for a in {seq}:"));
                vec!["a", "r"]
            }
            0 => {
                self.line(depth, "for i, (a, b, c) in enumerate(rows):");
                vec!["a", "b", "c"]
            }
            1 => {
                self.line(depth, "for (a, b, c), (d, e, g) in zip(rows, rows[1:]):");
                vec!["a", "b", "c", "d", "e", "g"]
            }
            2 => {
                self.line(depth, "for a, d in zip(xs, xs[1:]):");
                vec!["a", "d"]
            }
            _ => {
                self.line(depth, "for a, b, c in rows:");
                vec!["a", "b", "c"]
            }
        };
        for _ in 0..1 + self.rng.below(3) {
            let e = self.unpacked_expr(&names, 0);
            match self.rng.below(5) {
                0 => {
                    let c = self.unpacked_expr(&names, 1);
                    self.line(depth + 1, &format!("if {c} > 0.5:"));
                    self.line(depth + 2, &format!("s -= {e}"));
                }
                1 => {
                    let at = self.rng.pick(&["0", "-1", "i % 3"]);
                    self.line(depth + 1, &format!("out[{at}] += {e}"));
                }
                2 if self.rng.chance(20) => {
                    self.line(depth + 1, &format!("if {e} > 3.0:"));
                    self.line(depth + 2, "break");
                }
                _ => self.line(depth + 1, &format!("s += {e}")),
            }
        }
        self.line(1, &format!("return s, i, {}", names[names.len() - 1]));
        self.line(0, "");
        let _ = writeln!(self.out, "run_unpacking({k}, f{k})\n");
    }
}

pub const PRELUDE: &str = r#"
def unpacking_rows(k, call, n):
    rows = [(0.25 * ((i * 5 + k) % 9) - 1.0, (i + call) % 7, 0.5 * i) for i in range(n)]
    if call == 1:
        rows[n // 2] = (1, 2, 3)
        rows[1] = rows[0]
    if call == 2:
        kind = k % 5
        if kind == 0:
            rows[-2] = (1.0, "x", 2.0)
        elif kind == 1:
            rows[3] = (1.0, 2.0)
        elif kind == 2:
            rows = [list(r) for r in rows]
        elif kind == 3:
            rows = []
    return rows

def run_unpacking(k, f):
    n = [5, 12, 30, 41][k % 4]
    for call in range(3):
        rows = unpacking_rows(k, call, n)
        xs = [r[0] for r in rows] if call != 1 else [float(i % 4) for i in range(n)] + [3]
        out = [0.0, 0.0, 0.0]
        try:
            res = f(rows, xs, out)
            print(k, call, "->", res)
        except Exception as e:
            print(k, call, type(e).__name__, e)
        print(k, call, out)

"#;
