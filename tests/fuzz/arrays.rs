//! Programs of array statements for the differential tester: stores into views of
//! 1-d and 2-d arrays (slices with steps, negative bounds, integer + slice mixes, new
//! axes), in-place updates of whole arrays, values mixing views and scalars, with
//! overlapping reads of the target and shapes that stop matching part way (numpy
//! raises there); numpy's math functions (`np.sqrt`, `np.exp`, ...), `np.where`,
//! `fill`, `np.maximum`/`np.minimum`, reductions (`sum`, `mean`, `max`, `min`,
//! `argmax`, `argmin`, empty
//! ones too, counts of comparisons), inner products of views (`@`, `np.dot`), arrays
//! swapped by name (`p, r = r, p`), new arrays bound to names (`w = p[1:].copy()`,
//! `w = np.zeros(5)`, `np.ones_like(p[2:])`), helpers taking and making arrays
//! (`r[2:5] += h(q[1:4] * 2, t)`, `w = g(q[:3])`, `s += e(p[::2])`), matrix products
//! (`m[1:4, 2:7] @ q[:5]`), chained assignment to elements, and calls of functions
//! (`@njit` or plain) whose result is discarded (spliced into the loop), which update their
//! arguments in place and then may fail (an index past the end, shapes that stop
//! matching, a float stored into an int array). The arrays are float64, float32 or int64, with
//! a zero divisor and huge values in some runs, so numpy warns; some programs run on
//! long arrays (fused runs in several chunks), some under a filter that makes warnings
//! errors or under `np.errstate(all="raise")`.

use super::Gen;

/// The arrays' length, fixed so that generated slices have known lengths.
const N: i64 = 16;

impl Gen {
    /// A slice of an axis of length `N` with `len` elements, written in one of the
    /// ways people write them (negative bounds, omitted ends, steps).
    fn slice_of(&mut self, len: i64) -> String {
        let step: i64 = [1, 1, 1, 2, -1, 3, -2][self.rng.below(7)];
        let span = (len - 1) * step.abs();
        if span >= N {
            return ":".into();
        }
        let first = if step > 0 {
            self.rng.below((N - span) as usize) as i64
        } else {
            span + self.rng.below((N - span) as usize) as i64
        };
        let last = first + (len - 1) * step;
        let end = last + step.signum();
        let bound = |g: &mut Gen, i: i64, omit: bool| -> String {
            if omit {
                String::new()
            } else if g.rng.chance(30) && i < N {
                format!("{}", i - N)
            } else {
                format!("{i}")
            }
        };
        let start = bound(
            self,
            first,
            (step > 0 && first == 0) || (step < 0 && first == N - 1),
        );
        let stop = if !(0..N).contains(&end) {
            String::new()
        } else {
            bound(self, end, step > 0 && end == N)
        };
        match step {
            1 => format!("{start}:{stop}"),
            s => format!("{start}:{stop}:{s}"),
        }
    }

    /// An operand of `len` elements (or a scalar).
    fn array_operand(&mut self, len: i64, two_d: bool) -> String {
        match self.rng.below(9) {
            0 => self
                .rng
                .pick(&["x", "t", "0.5", "2", "q[t % 16]", "m[1, t % 16]"])
                .into(),
            1 if two_d => format!("q[None, {}]", self.slice_of(len)),
            _ => {
                let a = self.rng.pick(&["p", "q", "r"]);
                format!("{a}[{}]", self.slice_of(len))
            }
        }
    }

    fn array_value(&mut self, len: i64, two_d: bool, depth: usize) -> String {
        if depth > 1 || self.rng.chance(35) {
            return self.array_operand(len, two_d);
        }
        let a = self.array_value(len, two_d, depth + 1);
        match self.rng.below(11) {
            0 => format!("-{a}"),
            1 => format!("abs({a})"),
            2 => format!("({a} > {})", self.array_operand(len, two_d)),
            3 => {
                let f = self.rng.pick(&["np.maximum", "np.minimum"]);
                format!("{f}({a}, {})", self.array_operand(len, two_d))
            }
            4 => {
                let f = self
                    .rng
                    .pick(&["np.sqrt", "np.exp", "np.log", "np.tanh", "np.abs", "np.sin"]);
                format!("{f}({a})")
            }
            5 => {
                let b = self.array_operand(len, two_d);
                let c = self.array_operand(len, two_d);
                format!("np.where({c} > 0.5, {a}, {b})")
            }
            _ => {
                let op = self.rng.pick(&["+", "-", "*", "/", "+", "*"]);
                let b = self.array_value(len, two_d, depth + 1);
                format!("({a} {op} {b})")
            }
        }
    }

    fn array_statement(&mut self, depth: usize) {
        let len = 1 + self.rng.below(8) as i64;
        let op = self.rng.pick(&["=", "=", "+=", "-=", "*="]);
        // Now and then a length that stops matching part way through the loop.
        let grow = if self.rng.chance(8) {
            " + (t > 20)"
        } else {
            ""
        };
        match self.rng.below(6) {
            0 => {
                let v = self.array_value(N, false, 0);
                let a = self.rng.pick(&["p", "r"]);
                let op = self.rng.pick(&["+=", "-=", "*="]);
                self.line(depth, &format!("{a} {op} {v}"));
            }
            1 | 2 => {
                let rows = 1 + self.rng.below(3) as i64;
                let first = self.rng.below((6 - rows) as usize);
                let target = format!("m[{first}:{}, {}]", first as i64 + rows, self.slice_of(len));
                let v = self.array_value(len, true, 0);
                self.line(depth, &format!("{target} {op} {v}"));
            }
            3 => {
                let row = self.rng.pick(&["t % 6", "-1", "2"]);
                let target = format!("m[{row}, {}]", self.slice_of(len));
                let v = self.array_value(len, false, 0);
                self.line(depth, &format!("{target} {op} {v}"));
            }
            _ => {
                let a = self.rng.pick(&["p", "r"]);
                let s = self.slice_of(len);
                let v = self.array_value(len, false, 0);
                let target = if grow.is_empty() {
                    format!("{a}[{s}]")
                } else {
                    format!("{a}[:{len}{grow}]")
                };
                self.line(depth, &format!("{target} {op} {v}"));
            }
        }
    }

    /// A program whose loop runs array statements (and reads elements back into `s`).
    pub(super) fn array_program(&mut self, k: usize) {
        // Helpers taking and making arrays, called inside the loop.
        let helpers = self.rng.chance(25);
        if helpers {
            self.line(0, &format!("def h{k}(a, c):"));
            self.line(1, "return a * c - a[0]");
            self.line(0, &format!("def g{k}(a):"));
            self.line(1, "d = np.zeros_like(a)");
            self.line(1, "d[1:] = a[1:] - a[:-1]");
            self.line(1, "return d");
            self.line(0, &format!("def e{k}(a):"));
            self.line(1, "return a.sum() / a.shape[0]");
        }
        // Functions called for their effect: compiled whole (`@njit`), or plain ones
        // (inlined without loops, spliced with them).
        let steps = self.rng.chance(25);
        if steps {
            let len = 1 + self.rng.below(8) as i64;
            let (a, b) = (self.slice_of(len), self.slice_of(len));
            if self.rng.chance(50) {
                self.line(0, "@njit");
            }
            self.line(0, &format!("def st{k}(a, b, c):"));
            self.line(1, &format!("a[{a}] += c * b[{b}]"));
            self.line(1, "if c > 2:");
            self.line(2, "return");
            self.line(1, "b[0] = a[-1] - c");
            if self.rng.chance(50) {
                self.line(0, "@njit");
            }
            self.line(0, &format!("def sl{k}(a, c, j):"));
            self.line(1, "for i in range(a.shape[0] - 1):");
            self.line(2, "a[i] = a[i] * c + a[i + 1]");
            self.line(1, "a[j] += 1");
        }
        self.line(0, &format!("def f{k}(p, q, r, m, x, n):"));
        self.line(1, "s = 0.0");
        self.line(1, "for t in range(n):");
        for _ in 0..1 + self.rng.below(3) {
            self.array_statement(2);
        }
        if steps {
            let c = self.rng.pick(&["t * 0.25", "x", "0.5", "t % 4"]);
            let (a, b) = (self.rng.pick(&["p", "r"]), self.rng.pick(&["q", "r", "p"]));
            self.line(2, &format!("st{k}({a}, {b}, {c})"));
            let j = self.rng.pick(&["t % 20", "-1 - t % 8", "t - 14", "2"]);
            let c = self.rng.pick(&["0.5", "x", "t % 3"]);
            self.line(2, &format!("sl{k}({b}, {c}, {j})"));
        }
        if helpers {
            let len = 1 + self.rng.below(8) as i64;
            let (a, b) = (self.slice_of(len), self.slice_of(len));
            let arg = self.array_value(len, false, 0);
            match self.rng.below(4) {
                0 => self.line(2, &format!("r[{a}] += h{k}({arg}, t * 0.5)")),
                1 => self.line(2, &format!("s += e{k}({arg}) + e{k}(q[{b}])")),
                2 => {
                    self.line(2, &format!("w = g{k}(q[{b}])"));
                    self.line(2, &format!("r[{a}] = w * 0.5"));
                }
                _ => self.line(2, &format!("p[{a}] = g{k}(h{k}(r[{b}], x))")),
            }
        }
        // Inner products of views, now and then of unequal lengths (numpy raises).
        if self.rng.chance(30) {
            let len = 1 + self.rng.below(8) as i64;
            let (x, y) = (self.slice_of(len), self.slice_of(len));
            let row = self.rng.pick(&["m[t % 6, ", "q[", "p["]);
            let other = if self.rng.chance(10) {
                format!("r[:{}]", len + 1)
            } else {
                format!("r[{y}]")
            };
            let call = if self.rng.chance(50) {
                format!("{row}{x}] @ {other}")
            } else {
                format!("np.dot({row}{x}], {other})")
            };
            self.line(2, &format!("s += {call}"));
        }
        // Reductions of views and expressions (an empty one raises for max/min).
        if self.rng.chance(30) {
            let len = self.rng.below(9) as i64;
            let x = if len == 0 {
                "3:3".to_string()
            } else {
                self.slice_of(len)
            };
            let y = if len == 0 {
                "5:5".to_string()
            } else {
                self.slice_of(len)
            };
            let a = self.rng.pick(&["p", "q", "r"]);
            let value = match self.rng.below(4) {
                0 => format!("{a}[{x}]"),
                1 => format!("({a}[{x}] * q[{y}] - t)"),
                2 => format!("abs(r[{x}] - {a}[{y}])"),
                // A count.
                _ => format!("({a}[{x}] > q[{y}])"),
            };
            let r = if value.contains('>') {
                self.rng.pick(&[".sum()", ".mean()"])
            } else {
                self.rng.pick(&[
                    ".sum()",
                    ".mean()",
                    ".max()",
                    ".min()",
                    ".argmax()",
                    ".argmin()",
                ])
            };
            let line = if self.rng.chance(50) {
                format!("s += {value}{r}")
            } else {
                let f = &r[1..r.len() - 2];
                format!("s += np.{f}({value})")
            };
            self.line(2, &line);
        }
        // New arrays bound to names (copies, expressions), read by later statements.
        if self.rng.chance(20) {
            let len = 1 + self.rng.below(8) as i64;
            let value = match self.rng.below(5) {
                0 => format!("p[{}].copy()", self.slice_of(len)),
                1 => format!("np.copy(q[{}])", self.slice_of(len)),
                // numpy's constructors, filled in by the next statement; now and then
                // a negative length (numpy raises ValueError).
                2 | 3 => match self.rng.below(6) {
                    0 => format!("np.zeros({len})"),
                    1 => format!("np.ones_like(p[{}])", self.slice_of(len)),
                    2 => format!("np.empty({len}, dtype=np.float64)"),
                    3 => format!("np.zeros_like(q[{}], dtype=float)", self.slice_of(len)),
                    4 => format!("np.ones(({len},), 'f4')"),
                    _ => format!("np.zeros({len} - (t > 25) * {})", len + 1),
                },
                _ => self.array_value(len, false, 0),
            };
            let fill = value.starts_with("np.zeros")
                || value.starts_with("np.ones")
                || value.starts_with("np.empty");
            self.line(2, &format!("w = {value}"));
            if fill {
                let source = format!("q[{}]", self.slice_of(len));
                self.line(2, &format!("w += {source}"));
            }
            let target = format!("r[{}]", self.slice_of(len));
            self.line(2, &format!("{target} = w * 0.5 + w[-1]"));
        }
        if self.rng.chance(10) {
            let target = self.rng.pick(&["r", "m[t % 6]", "p[3:9]", "m[1:3, ::2]"]);
            self.line(2, &format!("{target}.fill(t * 0.25 - 2)"));
        }
        // Matrix products of views of `m` with vectors, now and then of unequal inner
        // lengths (numpy raises).
        if self.rng.chance(12) {
            let rows = 1 + self.rng.below(6) as i64;
            let first = self.rng.below((7 - rows) as usize) as i64;
            let len = 1 + self.rng.below(8) as i64;
            let cols = self.slice_of(len);
            let inner = if self.rng.chance(10) { len + 1 } else { len };
            let v = self.slice_of(inner);
            match self.rng.below(3) {
                0 => {
                    self.line(
                        2,
                        &format!("w2 = m[{first}:{}, {cols}] @ q[{v}]", first + rows),
                    );
                    self.line(2, &format!("r[:{rows}] += w2"));
                }
                1 => {
                    let v = self.slice_of(rows);
                    self.line(
                        2,
                        &format!(
                            "w2 = np.dot(p[{v}], m[{first}:{}, {cols}]) * 0.5",
                            first + rows
                        ),
                    );
                    let target = self.slice_of(len);
                    self.line(2, &format!("r[{target}] -= w2"));
                }
                _ => {
                    let x = self.rng.pick(&["m[:3, :4]", "m[1:4, ::4]"]);
                    self.line(2, &format!("w2 = m[{first}:{}, :3] @ {x}", first + rows));
                    self.line(2, "s += w2[0, 1] - w2[-1, -1]");
                }
            }
        }
        // Chained assignment to elements and names, now and then past the end.
        if self.rng.chance(15) {
            let i = self.rng.pick(&["t % 16", "-1 - t % 16", "t - 14"]);
            self.line(2, &format!("q[{i}] = m[t % 6, 3] = z = t * 0.5 - 3"));
            self.line(2, "s += z");
        }
        // Double buffering: the names swap, the arrays stay.
        if self.rng.chance(20) {
            self.line(2, "p, r = r, p");
        }
        self.line(2, "s += p[t % 16] + r[-1 - t % 16]");
        self.line(1, "return s, t, p[:3], r[:3]");
        self.line(0, "");
        let _ =
            std::fmt::Write::write_fmt(&mut self.out, format_args!("run_arrays({k}, f{k})\n\n"));
    }
}

/// The harness of the array programs, appended to the prelude.
pub const PRELUDE: &str = r#"
def run_arrays(k, f):
    dt = [np.float64, np.float64, np.float32, np.int64][k % 4]
    # One program in four (all float64) runs on arrays of 2100: the statements over
    # whole arrays then run in several chunks, and a flag in a late one sends the
    # rest one operation at a time.
    n = 2100 if k % 4 == 1 else 16
    for call in range(3):
        p = (np.arange(n) % 5 - 2).astype(dt)
        q = np.linspace(-2.0, 3.0, n).astype(dt)
        r = np.full(n, [1.5, -0.25, 3.0][call]).astype(dt)
        m = (np.arange(96) % 7 - 3).reshape(6, 16).astype(dt)
        if call == 2:
            q[n - 11] = 0
            if dt != np.int64:
                q[n - 9] = 1e300 if dt == np.float64 else 1e38
        with warnings.catch_warnings(record=True) as seen:
            # Some programs make numpy's warnings errors, or raise for its errors.
            warnings.simplefilter("error" if k % 7 == 5 else "always")
            with np.errstate(all="raise" if k % 7 == 6 else "warn"):
                try:
                    res = f(p, q, r, m, [0.5, -3, 2.0][call], 30)
                    print(k, call, "->", " ".join(show(v) for v in res), shown(p), shown(r), shown(m))
                except Exception as e:
                    print(k, call, type(e).__name__, e, shown(p), shown(r), shown(m))
        for w in seen:
            print(k, call, "warning", w.category.__name__, w.message, w.lineno)

def shown(a):
    # A long array by a sample of its elements and its last ones.
    return show(a) if a.size <= 96 else show(a[::37]) + show(a[-20:])
"#;
