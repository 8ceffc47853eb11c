//! Parallel nests for the differential tester: an outer loop over arrays with and
//! without dependences between its iterations (shifts by a constant or by an argument
//! `kk`, recurrences `a[i - 1]`, even and odd elements, triangular and rectangular
//! inner loops, an element every iteration writes, views of one buffer, reductions
//! (float sums and maxima, Python int sums, maxima and minima), perfect chains of
//! loops under the outer one whose body only stores (which tier 2's chunks may run
//! with a loop moved innermost),
//! scalars carried from one iteration to the next; the arrays of one call passed to
//! the next after the host wrote them, or not: device copies kept between calls),
//! written twice: the function the
//! JIT runs, and a twin that walks the same loops and records every element each
//! outer iteration touches. The twin's brute-force verdict is printed with the outer
//! loop's line: the last value of the outer variable from which the rest of the loop
//! has two iterations touching one element, one of them writing it. The harness fails
//! the batch if the jit report shows a parallel run of that loop starting at or before
//! that value (an on-stack entry runs only the rest of the loop in parallel).

use super::Gen;
use std::fmt::Write;

/// One access of a generated statement: the array, and its subscripts as Python.
struct Access {
    array: &'static str,
    subscripts: Vec<String>,
}

/// A statement of the nest: a store (and the elements its value reads), or a scalar.
enum Line {
    Store {
        target: Access,
        op: &'static str,
        reads: Vec<Access>,
        value: String,
    },
    Scalar {
        text: String,
        reads: Vec<Access>,
    },
}

/// The prelude the parallel programs use: the arrays of a call, the brute-force
/// record of the elements each outer iteration touches, and the runner.
pub const PRELUDE: &str = r#"
def par_arrays(view, N, M):
    base = np.cos(np.arange(N) * 0.7) * 3.0
    if view == 1:
        b = base[1:]
    elif view == 2:
        b = base[::-1]
    else:
        b = np.sin(np.arange(N) * 0.3)
    c = (np.arange(M * M).reshape(M, M) % 7) * 0.5
    return base, b, c


class ParTrace:
    def __init__(self, view, N, M):
        self.view, self.N, self.M = view, N, M
        self.cells = {}
        self.i = None

    def key(self, name, sub):
        if name == "c":
            r, q = sub
            if not (-self.M <= r < self.M and -self.M <= q < self.M):
                return None
            return ("c", r % self.M, q % self.M)
        n = self.N if (name == "a" or self.view == 0) else self.N - 1
        if self.view == 2 and name == "b":
            n = self.N
        (x,) = sub
        if not -n <= x < n:
            return None
        x %= n
        if name == "a":
            return ("a", x)
        if self.view == 1:
            return ("a", x + 1)
        if self.view == 2:
            return ("a", self.N - 1 - x)
        return ("b", x)

    def touch(self, name, write, *sub):
        k = self.key(name, sub)
        if k is None:
            return
        seen = self.cells.setdefault(k, [set(), set()])
        seen[0].add(self.i)
        if write:
            seen[1].add(self.i)

    def last_dependent_start(self):
        """The last value of the outer variable from which the rest of the loop has two
        iterations touching one element, one writing it (None: no such value): a run
        of the loop's iterations from v on is parallel exactly when v is past it."""
        last = None
        for touched, written in self.cells.values():
            for w in written:
                others = [t for t in touched if t != w]
                if others:
                    v = min(w, max(others))
                    last = v if last is None else max(last, v)
        return last


def par_touch(w, a, b, c):
    # The host writes between calls, in the ways a kept device copy must see.
    w = w % 5
    if w == 0:
        a[w % a.shape[0]] = 0.25
    elif w == 1:
        c += 0.5
    elif w == 2:
        b[1:3] = -1.5  # through a view of a's buffer where b is one
    elif w == 3:
        np.multiply(a, -1.0, out=a)


def run_par(k, f, trace, line, view, N, M, n, m, kk):
    # One set of arrays for calls 0-1 and one for 2-3: what a call left on the device
    # is used by the next while the host wrote nothing there (w == 4), else dropped.
    for call in range(4):
        if call % 2 == 0:
            a, b, c = par_arrays(view, N, M)
        else:
            par_touch(k + call, a, b, c)
        try:
            r = f(a, b, c, n, m, kk)
            print(k, call, "->", show(r), show(a[:6]), show(b[-4:]), float(a.sum()),
                  float(b.sum()), float(c.sum()))
        except Exception as e:
            print(k, call, type(e).__name__, e, float(a.sum()), float(c.sum()))
    t = ParTrace(view, N, M)
    trace(t, n, m, kk)
    print("brute", k, line, t.last_dependent_start())
"#;

impl Gen {
    fn par_subscript_1d(&mut self, inner: Option<&'static str>) -> String {
        let v = match inner {
            Some(j) if self.rng.chance(35) => j,
            _ => "i",
        };
        self.rng
            .pick(&[
                "{v}",
                "{v}",
                "{v} + kk",
                "{v} - 1",
                "{v} + 1",
                "2 * {v}",
                "2 * {v} + 1",
                "2 * {v} + kk",
                "n - 1 - {v}",
                "0",
                "{v} // 2",
                "i + j",
                "{v} + 3",
            ])
            .replace("{v}", v)
            .replace("i + j", if inner.is_some() { "i + j" } else { "i + 2" })
    }

    fn par_access(&mut self, inner: Option<&'static str>) -> Access {
        if self.rng.chance(30) {
            let j = inner.unwrap_or("i");
            let (r, q) = match self.rng.below(5) {
                0 => ("i".to_string(), j.to_string()),
                1 => (j.to_string(), "i".to_string()),
                2 => ("i".to_string(), format!("{j} + 1")),
                3 => ("i + 1".to_string(), j.to_string()),
                _ => ("i - 1".to_string(), "i".to_string()),
            };
            return Access {
                array: "c",
                subscripts: vec![r, q],
            };
        }
        let array = self.rng.pick(&["a", "a", "b"]);
        Access {
            array,
            subscripts: vec![self.par_subscript_1d(inner)],
        }
    }

    fn par_value(&mut self, reads: &mut Vec<Access>, inner: Option<&'static str>) -> String {
        let mut terms = Vec::new();
        for _ in 0..1 + self.rng.below(2) {
            let a = self.par_access(inner);
            terms.push(format!("{}[{}]", a.array, a.subscripts.join(", ")));
            reads.push(a);
        }
        let c = self.rng.pick(&["0.5", "1.25", "t", "i", "-2.0"]);
        format!("{} * {c} + {}", terms[0], terms.get(1).map_or("1.0", |s| s))
    }

    fn par_line(&mut self, inner: Option<&'static str>) -> Line {
        if self.rng.chance(20) {
            let mut reads = Vec::new();
            let text = match self.rng.below(6) {
                0 => format!("s += {}", self.par_value(&mut reads, inner)),
                1 => format!("t = {}", self.par_value(&mut reads, inner)),
                2 => format!("s = max(s, {})", self.par_value(&mut reads, inner)),
                // Python int reductions, which split exactly.
                3 => "q += i * 3 - kk".into(),
                4 => "q = max(q, (i * 7) % 13 - kk)".into(),
                _ => "q = min(i - 2 * kk, q)".into(),
            };
            return Line::Scalar { text, reads };
        }
        let target = self.par_access(inner);
        let op = self.rng.pick(&["=", "=", "+="]);
        let mut reads = Vec::new();
        let value = self.par_value(&mut reads, inner);
        Line::Store {
            target,
            op,
            reads,
            value,
        }
    }

    /// A statement of a third loop `k` under `j` that only stores: into the row `i`
    /// of `c` at column `j` mostly (the chains tier 2's chunks may run with `j` moved
    /// innermost, `analysis::interchange`), else at elements that forbid it.
    fn par_deep_line(&mut self) -> Line {
        let access = |text: &str| {
            let (array, rest) = text.split_once('[').expect("an element");
            let subscripts = rest
                .trim_end_matches(']')
                .split(", ")
                .map(str::to_string)
                .collect();
            Access {
                array: if array == "a" {
                    "a"
                } else if array == "b" {
                    "b"
                } else {
                    "c"
                },
                subscripts,
            }
        };
        let target = self
            .rng
            .pick(&["c[i, j]", "c[i, j]", "c[i, j]", "c[j, i]", "c[i, j + 1]"]);
        let mut reads = Vec::new();
        let mut terms = Vec::new();
        for _ in 0..1 + self.rng.below(2) {
            let r = self.rng.pick(&[
                "a[k]",
                "b[k]",
                "a[j + k]",
                "c[i, j]",
                "b[j]",
                "a[k]",
                "b[k]",
                "a[j + k]",
                "c[i, j]",
                "a[k + kk]",
                "c[k, j]",
                "c[i, k]",
                "c[i, j + 1]",
            ]);
            terms.push(r.to_string());
            reads.push(access(r));
        }
        let c = self.rng.pick(&["0.5", "1.25", "-2.0", "t"]);
        let value = format!("{} * {c} + {}", terms[0], terms.get(1).map_or("1.0", |s| s));
        Line::Store {
            target: access(target),
            op: self.rng.pick(&["=", "+="]),
            reads,
            value,
        }
    }

    /// The twin's record of accesses: `tr.touch(array, write, subscripts...)`.
    fn par_touch(&mut self, depth: usize, accesses: &[Access], write: bool) {
        for a in accesses {
            let write = if write { "True" } else { "False" };
            let t = format!(
                "tr.touch({:?}, {write}, {})",
                a.array,
                a.subscripts.join(", ")
            );
            self.line(depth, &t);
        }
    }

    fn par_emit(&mut self, depth: usize, line: &Line, trace: bool) {
        match line {
            Line::Store {
                target,
                op,
                reads,
                value,
            } => {
                if trace {
                    self.par_touch(depth, reads, false);
                    self.par_touch(depth, std::slice::from_ref(target), true);
                } else {
                    let t = format!(
                        "{}[{}] {op} {value}",
                        target.array,
                        target.subscripts.join(", ")
                    );
                    self.line(depth, &t);
                }
            }
            Line::Scalar { text, reads } => {
                if trace {
                    self.par_touch(depth, reads, false);
                } else {
                    self.line(depth, text);
                }
            }
        }
    }

    /// A parallel nest and its brute-force twin.
    pub(super) fn parallel_program(&mut self, k: usize) {
        let start = self.rng.pick(&["0", "1", "2"]);
        let step = if self.rng.chance(15) { ", 2" } else { "" };
        let inner: Option<&'static str> = self.rng.chance(50).then(|| {
            self.rng.pick(&[
                "range(m)",
                "range(i + 1)",
                "range(i)",
                "range(1, m - 1)",
                // Ranges that fall, and one that shrinks as `i` grows (the nest
                // proofs' bounds by substitution: `i + j` stays below n).
                "range(m - 1, -1, -1)",
                "range(n - i)",
            ])
        });
        // A perfect chain `j`, `k` under `i` whose body only stores.
        let deep: Option<&'static str> = self.rng.chance(25).then(|| {
            self.rng
                .pick(&["range(m)", "range(1, m)", "range(m - 1, -1, -1)"])
        });
        // Mostly a `j` range the chain may move.
        let inner = match deep {
            Some(_) => {
                Some(
                    self.rng
                        .pick(&["range(m)", "range(m)", "range(1, m - 1)", "range(i + 1)"]),
                )
            }
            None => inner,
        };
        // A chain whose reads no other statement stores into, more often than not.
        let alone = deep.is_some() && self.rng.chance(60);
        let before: Vec<Line> = (0..if alone { 0 } else { 1 + self.rng.below(2) })
            .map(|_| self.par_line(None))
            .collect();
        let deep_lines: Vec<Line> = match deep {
            Some(_) => (0..1 + self.rng.below(2))
                .map(|_| self.par_deep_line())
                .collect(),
            None => Vec::new(),
        };
        let nested: Vec<Line> = match (inner, deep) {
            (Some(_), None) => (0..1 + self.rng.below(2))
                .map(|_| self.par_line(Some("j")))
                .collect(),
            _ => Vec::new(),
        };
        let after: Vec<Line> = (0..if alone { 0 } else { self.rng.below(2) })
            .map(|_| self.par_line(None))
            .collect();
        let carried_t = self.rng.chance(15);
        for trace in [false, true] {
            if trace {
                self.line(0, &format!("def g{k}_trace(tr, n, m, kk):"));
            } else {
                self.line(0, &format!("def g{k}(a, b, c, n, m, kk):"));
                self.line(1, "s = 0.0");
                self.line(1, "t = 0.5");
                self.line(1, "q = 0");
            }
            let outer = format!("for i in range({start}, n{step}):");
            if !trace {
                // The line the jit report names the outer loop by.
                let line = self.out.lines().count() + 1;
                self.par_line_no = line;
            }
            self.line(1, &outer);
            if trace {
                self.line(2, "tr.i = i");
            } else if !carried_t {
                self.line(2, "t = i * 0.25");
            }
            for l in &before {
                self.par_emit(2, l, trace);
            }
            if let Some(range) = inner {
                self.line(2, &format!("for j in {range}:"));
                for l in &nested {
                    self.par_emit(3, l, trace);
                }
                if let Some(krange) = deep {
                    self.line(3, &format!("for k in {krange}:"));
                    for l in &deep_lines {
                        self.par_emit(4, l, trace);
                    }
                    if trace {
                        self.line(4, "pass");
                    }
                }
                if trace {
                    self.line(3, "pass");
                }
            }
            for l in &after {
                self.par_emit(2, l, trace);
            }
            if trace {
                self.line(1, "return tr");
            } else {
                self.line(1, "return s, t, q");
            }
            self.line(0, "");
        }
        let view = self.rng.pick(&["0", "0", "0", "1", "2"]);
        let n = 8 + self.rng.below(40);
        let m = 3 + self.rng.below(6);
        let kk = self
            .rng
            .pick(&["0", "1", "3", "n", "-1", "2"])
            .replace('n', &n.to_string());
        // Big enough that most subscripts stay inside.
        let big_n = 2 * n + 12;
        let big_m = n.max(m) + 3;
        let _ = writeln!(
            self.out,
            "run_par({k}, g{k}, g{k}_trace, {}, {view}, {big_n}, {big_m}, {n}, {m}, {kk})\n",
            self.par_line_no
        );
    }
}
