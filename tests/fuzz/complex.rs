//! Complex-valued kernels for the differential tester: loops over complex128 arrays
//! with Python complex and `np.complex128` scalars, imaginary literals, `complex(x, y)`,
//! `+ - * /` between complex and real numbers of both kinds (Python's mixed-mode
//! arithmetic, numpy's), `abs`, `.real`, `.imag`, `.conjugate()`, `np.conj`, `np.exp`,
//! `==`/`!=`, a helper with a loop returning a complex number, in-place updates of
//! elements, and accumulators that start as a Python
//! complex and become a complex128. The data has signed zeros, and in some runs
//! infinities, NaNs and zero divisors (ZeroDivisionError, numpy's warnings).

use super::Gen;
use std::fmt::Write;

impl Gen {
    /// A complex leaf: elements, the scalars in scope, literals.
    fn complex_leaf(&mut self, locals: &[&'static str]) -> String {
        match self.rng.below(9) {
            0..=2 => self
                .rng
                .pick(&["p[k]", "q[k]", "p[k - 1]", "r[k]", "q[n - 1 - k]"])
                .into(),
            3 => self.rng.pick(&["z", "w", "s"]).into(),
            4 => self
                .rng
                .pick(&["1j", "-2.5j", "(1.5 - 0.5j)", "0j", "-0j", "(-0.0 + 1j)"])
                .into(),
            5 => self
                .rng
                .pick(&["complex(x, -0.0)", "complex(k, x)", "complex(p[k].imag, 2)"])
                .into(),
            6 if !locals.is_empty() => locals[self.rng.below(locals.len())].into(),
            _ => self
                .rng
                .pick(&[
                    "x",
                    "0.5",
                    "2",
                    "-0.0",
                    "k",
                    "p[k].real",
                    "np.float64(1.25)",
                ])
                .into(),
        }
    }

    fn complex_expr(&mut self, depth: usize, locals: &[&'static str]) -> String {
        if depth > 2 || self.rng.chance(30) {
            return self.complex_leaf(locals);
        }
        let a = self.complex_expr(depth + 1, locals);
        match self.rng.below(10) {
            9 => format!("cpow({a}, k % 4)"),
            0 => format!("-{a}"),
            1 => format!("{a}.conjugate()"),
            2 => format!("np.conj({a})"),
            3 => format!("np.exp({a} * 0.01)"),
            _ => {
                let op = self.rng.pick(&["+", "-", "*", "/", "+", "*"]);
                let b = self.complex_expr(depth + 1, locals);
                format!("({a} {op} {b})")
            }
        }
    }

    /// A loop over complex128 arrays of its own.
    pub(super) fn complex_program(&mut self, k: usize) {
        self.line(0, &format!("def f{k}(p, q, r, z, w, x, n):"));
        let s0 = self.rng.pick(&["0j", "p[0] * 0", "z", "-0j"]);
        self.line(1, &format!("s = {s0}"));
        self.line(1, "m = 0.0");
        self.line(1, "for k in range(1, n - 1):");
        let mut locals = Vec::new();
        for _ in 0..1 + self.rng.below(4) {
            let line = match self.rng.below(8) {
                0 => format!("r[k] = {}", self.complex_expr(0, &locals)),
                1 => {
                    let op = self.rng.pick(&["+=", "*=", "-="]);
                    format!("r[k] {op} {}", self.complex_expr(0, &locals))
                }
                2 => format!("s += {}", self.complex_expr(0, &locals)),
                3 => {
                    let v = self.rng.pick(&["u", "v"]);
                    let line = format!("{v} = {}", self.complex_expr(0, &locals));
                    locals.push(v);
                    line
                }
                4 => {
                    let part = self.rng.pick(&[".real", ".imag"]);
                    format!("m += ({}){part}", self.complex_expr(0, &locals))
                }
                5 => format!("m += abs({})", self.complex_expr(1, &locals)),
                6 => {
                    let a = self.complex_expr(1, &locals);
                    let cmp = self.rng.pick(&["==", "!="]);
                    let b = self.complex_leaf(&locals);
                    self.line(2, &format!("if {a} {cmp} {b}:"));
                    "    m += 1.0".into()
                }
                _ => {
                    let a = self.complex_leaf(&locals);
                    self.line(2, &format!("if abs({a}) > 2.0:"));
                    format!("    s = s * {}", self.complex_leaf(&locals))
                }
            };
            self.line(2, &line);
        }
        self.line(1, "return s, m, k");
        self.line(0, "");
        let _ = writeln!(self.out, "run_complex({k}, f{k})\n");
    }
}

pub const PRELUDE: &str = r#"
# A complex helper with a loop, inlined whole.
def cpow(z, e):
    r = 1 + 0j
    for _ in range(e):
        r = r * z
        if r == 0:
            return r
    return r
def run_complex(k, f):
    n = [5, 9, 17, 30][k % 4]
    specials = [0.0, -0.0, 1.5, -2.0, 0.25, -3.0, 7.0]
    bad = [np.inf, np.nan, 0.0, 1e308, -np.inf][k % 5]
    for call in range(3):
        re = np.array([specials[(i * 3 + call) % 7] for i in range(n)])
        im = np.array([specials[(i * 5 + k) % 7] for i in range(n)])
        p = re + 1j * im
        p.imag = im
        q = p[::-1].copy() * (0.5 - 1j)
        if call == 2:
            q[n // 2] = complex(bad, -bad)
            p[1] = 0j
        r = np.zeros(n, dtype=np.complex128)
        z = [1 - 2j, np.complex128(-0.5 + 0.25j), 3j][call]
        w = [np.complex128(2 + 0j), 1.5, -1j][(call + k) % 3]
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            try:
                res = f(p, q, r, z, w, [1.5, -0.0, np.float64(0.5)][call], n)
                print(k, call, "->", " ".join(show(v) for v in res), show(r))
            except Exception as e:
                print(k, call, type(e).__name__, e, show(r))
        for w in seen:
            print(k, call, "warning", w.category.__name__, w.message, w.lineno)

"#;
