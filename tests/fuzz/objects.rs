//! Objects held in lists for the differential tester: loops over a list of objects
//! (`for p in ps`, `enumerate`, `zip` of two lists, `p = ps[i]` with negative and
//! out-of-range indices, a second name over the same list in an inner loop, items
//! taken by subscript where they are used, `ps[i - 1].x`) that read
//! and store float, int and bool attributes (`p.x += p.v * dt`, `p.n += 1`,
//! `p.on = not p.on`, `p is r`), under an outer time loop or not. The lists differ from call to
//! call: distinct objects with floats; one object held several times, an int among the
//! floats, one object without an attribute, a shared float object; objects of a class
//! whose attribute is a property or that stores through `__setattr__`; the same
//! objects in both lists. Loops call the class's methods on their items too
//! (`p.kick(a)`, `s += p.ratio(d)`), and the loop over the objects is now and then a
//! plain function's that a time loop calls (spliced). After each call every object's
//! attributes are printed.

use super::Gen;
use std::fmt::Write;

impl Gen {
    /// An attribute of an item name, or another number in scope.
    fn object_leaf(&mut self, names: &[&'static str]) -> String {
        let p = names[self.rng.below(names.len())];
        match self.rng.below(9) {
            0..=2 => format!("{p}.x"),
            3 | 4 => format!("{p}.v"),
            5 => format!("{p}.n"),
            6 => self.rng.pick(&["s", "dt", "t", "i"]).into(),
            _ => self
                .rng
                .pick(&["0.5", "-1.25", "3", "2.0", "-0.0", "1000003"])
                .into(),
        }
    }

    fn object_expr(&mut self, depth: usize, names: &[&'static str]) -> String {
        if depth > 1 || self.rng.chance(35) {
            return self.object_leaf(names);
        }
        let a = self.object_expr(depth + 1, names);
        match self.rng.below(8) {
            0 => format!("abs({a})"),
            1 => format!("min({a}, {})", self.object_leaf(names)),
            _ => {
                let op = self.rng.pick(&["+", "-", "*", "+", "*", "/", "//"]);
                let b = self.object_expr(depth + 1, names);
                format!("({a} {op} {b})")
            }
        }
    }

    fn object_stmt(&mut self, depth: usize, names: &[&'static str]) {
        let p = names[self.rng.below(names.len())];
        match self.rng.below(10) {
            0 | 1 => {
                let op = self.rng.pick(&["+=", "-=", "="]);
                let e = self.object_expr(0, names);
                self.line(depth, &format!("{p}.x {op} {e}"));
            }
            2 => {
                let e = self.object_expr(0, names);
                self.line(depth, &format!("{p}.v = {e}"));
            }
            3 => {
                let e = self.rng.pick(&["1", "i % 3", "-2", "t"]);
                self.line(depth, &format!("{p}.n += {e}"));
            }
            4 => {
                let c = self.object_leaf(names);
                self.line(depth, &format!("if {c} > 0.5 and {p}.on:"));
                self.line(depth + 1, &format!("{p}.on = not {p}.on"));
                self.line(depth + 1, &format!("{p}.v = -{p}.v"));
            }
            5 => {
                let e = self.object_expr(0, names);
                self.line(depth, &format!("s += {e}"));
            }
            6 if self.rng.chance(20) => {
                // Several attributes at once: stays interpreted.
                self.line(depth, &format!("{p}.x, {p}.v = {p}.v, {p}.x"));
            }
            6 => {
                self.line(depth, &format!("if {p}.on:"));
                let e = self.object_expr(0, names);
                self.line(depth + 1, &format!("s -= {e}"));
            }
            // Methods of the items' class, inlined on it: procedures that store
            // floats, one that divides (by zero, now and then) after a store, one
            // that stores an int (stays interpreted), one that only reads.
            8 if self.rng.chance(40) => {
                let e = self.object_leaf(names);
                match self.rng.below(5) {
                    0 => self.line(depth, &format!("{p}.kick({e})")),
                    1 => self.line(depth, &format!("{p}.flip()")),
                    2 => self.line(depth, &format!("s += {p}.ratio({e})")),
                    3 => self.line(depth, &format!("{p}.tick()")),
                    _ => self.line(depth, &format!("t = t + {p}.get()")),
                }
            }
            7 if self.rng.chance(30) => {
                // An attribute some objects lack in some calls.
                self.line(depth, &format!("s += {p}.w"));
            }
            _ => {
                let e = self.object_expr(0, names);
                self.line(depth, &format!("t = t + {e}"));
            }
        }
    }

    /// A loop over lists of objects of its own.
    pub(super) fn object_program(&mut self, k: usize) {
        // Now and then the loop over the objects is a plain function's, which a time
        // loop calls (spliced into it).
        let helper = self.rng.chance(25);
        if helper {
            self.line(0, &format!("def g{k}(ps, qs, dt, step):"));
        } else {
            self.line(0, &format!("def f{k}(ps, qs, dt, steps):"));
        }
        self.line(1, "s = 0.0");
        self.line(1, "t = 0");
        let mut depth = 1;
        if !helper && self.rng.chance(50) {
            self.line(1, "for step in range(steps):");
            depth = 2;
        }
        let mut names: Vec<&'static str> = match self.rng.below(6) {
            0 => {
                self.line(depth, "for i, p in enumerate(ps):");
                vec!["p"]
            }
            1 => {
                self.line(depth, "for p, q in zip(ps, qs):");
                self.line(depth + 1, "i = 0");
                vec!["p", "q"]
            }
            2 => {
                let at = self
                    .rng
                    .pick(&["i", "-1 - i", "i % len(ps) - 2", "i + 1", "2 * i"]);
                self.line(depth, "for i in range(len(ps)):");
                self.line(depth + 1, &format!("p = ps[{at}]"));
                vec!["p"]
            }
            _ => {
                self.line(depth, "for p in ps:");
                self.line(depth + 1, "i = 1");
                vec!["p"]
            }
        };
        if self.rng.chance(30) {
            // Items taken by subscript where their attributes are used (`i` is bound
            // in every loop above).
            names.push(self.rng.pick(&[
                "ps[i]",
                "ps[i - 1]",
                "ps[-1]",
                "ps[(i + 1) % len(ps)]",
                "qs[i % 3]",
                "ps[2 * i]",
            ]));
        }
        for _ in 0..1 + self.rng.below(3) {
            self.object_stmt(depth + 1, &names);
        }
        if depth == 2 && names == ["p"] && self.rng.chance(30) {
            // The same name bound again by a second loop over the list, in the time
            // step.
            self.line(depth, "for p in ps:");
            self.object_stmt(depth + 1, &names);
        }
        if self.rng.chance(25) {
            // A second name over one list, in an inner loop.
            // Now and then the inner loop binds `i` again, the outer loop's counter
            // for `enumerate`.
            let inner_loop = if self.rng.chance(15) {
                "for r, i in zip(ps, range(3, 40)):"
            } else {
                "for r in ps:"
            };
            self.line(depth + 1, inner_loop);
            let mut inner = names.clone();
            inner.push("r");
            if self.rng.chance(50) {
                // Identity of two objects of one list (or of two lists, for `q`).
                let p = names[self.rng.below(names.len())];
                let op = self.rng.pick(&["is", "is not"]);
                self.line(depth + 2, &format!("if {p} {op} r:"));
                self.line(depth + 3, "s += 0.5");
            }
            self.object_stmt(depth + 2, &inner);
        }
        if helper {
            self.line(0, &format!("def f{k}(ps, qs, dt, steps):"));
            self.line(1, "for step in range(steps * 7):");
            self.line(2, &format!("g{k}(ps, qs, dt, step)"));
            self.line(1, "return len(ps)");
        } else {
            self.line(1, "return s, t");
        }
        self.line(0, "");
        let _ = writeln!(self.out, "run_objects({k}, f{k})\n");
    }
}

pub const PRELUDE: &str = r#"
class Body:
    w = 0.25  # read by `p.w` where an object has none of its own

    def __init__(self, x, v, n):
        self.x = x
        self.v = v
        self.n = n
        self.on = n % 2 == 0

    def kick(self, a):
        self.v += a * 0.5
        self.x += self.v

    def flip(self):
        if self.x > 0.0:
            self.x = -self.x
        else:
            self.v = self.v * 0.5

    def ratio(self, d):
        self.x = self.x * 0.5
        self.v = self.v / d
        return self.x

    def tick(self):
        self.n += 1

    def get(self):
        return self.x * 2.0 + self.n

class Doubling(Body):
    def __setattr__(self, name, value):
        object.__setattr__(self, name, value * 2 if name == "x" else value)

class Guarded(Body):
    @property
    def v(self):
        return self.__dict__.get("_v", 0.0) + 1.0

    @v.setter
    def v(self, value):
        self.__dict__["_v"] = value

def bodies(k, call, n):
    ps = [Body(0.25 * ((i * 5 + k) % 9) - 1.0, 0.5 - 0.125 * ((i + call) % 7), i - 3)
          for i in range(n)]
    if call == 1:
        ps[n // 2] = ps[0]
        ps[1].x = 3
        ps[2].w = 1.5
        for p in ps[3:6]:
            p.v = ps[3].v
    if call == 2:
        kind = [Doubling, Guarded, Body][k % 3]
        ps[-1] = kind(0.5, -0.25, 4)
        del ps[2].v
    return ps

def run_objects(k, f):
    n = [6, 11, 24, 40][k % 4]
    for call in range(3):
        ps = bodies(k, call, n)
        qs = bodies(k + 1, 0, n) if call != 2 else ps[::-1]
        try:
            res = f(ps, qs, [0.01, 0.5, -0.25][call], 3)
            print(k, call, "->", res)
        except Exception as e:
            print(k, call, type(e).__name__, e)
        print(k, call, [sorted(vars(p).items()) for p in ps], [sorted(vars(q).items()) for q in qs[:3]])

"#;
