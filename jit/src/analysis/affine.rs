//! Affine forms of integer expressions over a nest's loop variables.
//!
//! A subscript such as `a[i * n + j + 1]` is a sum of terms, each a constant times a
//! product of symbols: the nest's loop variables and the integers that stay the same
//! while it runs (variables it never assigns, array shapes and lengths). A form is
//! *affine* when no term multiplies two loop variables; the loop-invariant symbols'
//! values are only known when the site runs, so a form is kept symbolic here
//! ([`Poly`]) and made numeric with those values ([`Poly::linear`]): a constant plus
//! one coefficient per loop variable ([`Linear`]), which is what the dependence tests
//! and the access descriptors take. This is ALPyNA's staged analysis: the skeleton
//! when the nest is lowered, completed with the values observed at entry.
//!
//! Invariant: a symbol is loop-invariant only if nothing in the nest assigns it (the
//! caller says which variables those are, [`Symbols`]), and shapes are of arrays the
//! nest never rebinds; evaluation is checked, so a form whose value could overflow an
//! i64 has no numeric form at all.

use crate::ir::{BinOp, Expr, UnaryOp, Var};

/// A value a form depends on.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Sym {
    /// A loop variable of the nest, by its index in the nest's loops.
    Loop(usize),
    /// An integer variable the nest does not assign.
    Var(Var),
    /// `a.shape[axis]` (a negative axis counts from the end).
    Shape(Var, i64),
    /// `len(a)`.
    Len(Var),
}

/// A polynomial with integer coefficients over [`Sym`]s, as a sorted list of terms
/// (each a coefficient and its factors in order), with no term of coefficient zero.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Poly {
    pub terms: Vec<(i64, Vec<Sym>)>,
}

/// Which variables are loop variables (and their loop's index) and which integer
/// variables are invariant.
pub trait Symbols {
    fn loop_index(&self, var: Var) -> Option<usize>;
    fn is_invariant_int(&self, var: Var) -> bool;
    /// An array the nest never rebinds (its shape is invariant).
    fn is_fixed_array(&self, var: Var) -> bool;
}

impl Poly {
    pub fn constant(c: i64) -> Poly {
        let mut p = Poly::default();
        if c != 0 {
            p.terms.push((c, Vec::new()));
        }
        p
    }

    fn symbol(s: Sym) -> Poly {
        Poly {
            terms: vec![(1, vec![s])],
        }
    }

    /// The form of `e`, when it is one: affine in the loop variables.
    pub fn of(e: &Expr, symbols: &dyn Symbols) -> Option<Poly> {
        let p = match e {
            Expr::Int(c) => Poly::constant(*c),
            Expr::Bool(b) => Poly::constant(*b as i64),
            Expr::Var(v) => match symbols.loop_index(*v) {
                Some(k) => Poly::symbol(Sym::Loop(k)),
                None if symbols.is_invariant_int(*v) => Poly::symbol(Sym::Var(*v)),
                None => return None,
            },
            Expr::Shape(v, axis) if symbols.is_fixed_array(*v) => {
                Poly::symbol(Sym::Shape(*v, *axis))
            }
            Expr::Len(v) if symbols.is_fixed_array(*v) => Poly::symbol(Sym::Len(*v)),
            Expr::Unary(UnaryOp::Neg, a) => Poly::of(a, symbols)?.scaled(-1)?,
            Expr::Binary(BinOp::Add, a, b) => Poly::of(a, symbols)?.plus(&Poly::of(b, symbols)?)?,
            Expr::Binary(BinOp::Sub, a, b) => {
                Poly::of(a, symbols)?.plus(&Poly::of(b, symbols)?.scaled(-1)?)?
            }
            Expr::Binary(BinOp::Mul, a, b) => {
                Poly::of(a, symbols)?.times(&Poly::of(b, symbols)?)?
            }
            _ => return None,
        };
        p.is_affine().then_some(p)
    }

    fn is_affine(&self) -> bool {
        self.terms
            .iter()
            .all(|(_, f)| f.iter().filter(|s| matches!(s, Sym::Loop(_))).count() <= 1)
    }

    pub fn scaled(mut self, k: i64) -> Option<Poly> {
        for (c, _) in &mut self.terms {
            *c = c.checked_mul(k)?;
        }
        self.terms.retain(|(c, _)| *c != 0);
        Some(self)
    }

    pub fn plus(&self, other: &Poly) -> Option<Poly> {
        let mut terms = self.terms.clone();
        for (c, f) in &other.terms {
            match terms.iter_mut().find(|(_, g)| g == f) {
                Some((d, _)) => *d = d.checked_add(*c)?,
                None => terms.push((*c, f.clone())),
            }
        }
        terms.retain(|(c, _)| *c != 0);
        terms.sort_by(|a, b| a.1.cmp(&b.1));
        Some(Poly { terms })
    }

    fn times(&self, other: &Poly) -> Option<Poly> {
        let mut out = Poly::default();
        for (c, f) in &self.terms {
            for (d, g) in &other.terms {
                let mut factors: Vec<Sym> = f.iter().chain(g).copied().collect();
                factors.sort();
                let term = Poly {
                    terms: vec![(c.checked_mul(*d)?, factors)],
                };
                out = out.plus(&term)?;
            }
        }
        Some(out)
    }

    /// The loops whose variables the form reads.
    pub fn loops(&self) -> impl Iterator<Item = usize> + '_ {
        self.terms.iter().flat_map(|(_, f)| {
            f.iter().filter_map(|s| match s {
                Sym::Loop(k) => Some(*k),
                _ => None,
            })
        })
    }

    /// The numeric form, with `value` giving each invariant symbol's value; `None`
    /// where one has none or the arithmetic would overflow.
    pub fn linear(&self, loops: usize, value: &dyn Fn(Sym) -> Option<i64>) -> Option<Linear> {
        let mut out = Linear {
            constant: 0,
            coefficients: vec![0; loops],
        };
        for (c, factors) in &self.terms {
            let mut k = *c;
            let mut at = None;
            for s in factors {
                match s {
                    Sym::Loop(l) => at = Some(*l),
                    _ => k = k.checked_mul(value(*s)?)?,
                }
            }
            match at {
                Some(l) => {
                    let slot = out.coefficients.get_mut(l)?;
                    *slot = slot.checked_add(k)?;
                }
                None => out.constant = out.constant.checked_add(k)?,
            }
        }
        Some(out)
    }

    /// The form written as Python, with `name` naming each symbol.
    pub fn show(&self, name: &dyn Fn(Sym) -> String) -> String {
        if self.terms.is_empty() {
            return "0".into();
        }
        let mut out = String::new();
        // Terms with loop variables first, as people write subscripts (`i + 1`).
        let mut terms: Vec<_> = self.terms.iter().collect();
        terms.sort_by_key(|(_, f)| f.is_empty());
        for (n, (c, f)) in terms.into_iter().enumerate() {
            let (sign, c) = if *c < 0 {
                ("-", -(*c as i128))
            } else {
                ("+", *c as i128)
            };
            if n == 0 {
                if sign == "-" {
                    out.push('-');
                }
            } else {
                out.push_str(&format!(" {sign} "));
            }
            let factors: Vec<String> = f.iter().map(|s| name(*s)).collect();
            match (c, factors.is_empty()) {
                (c, true) => out.push_str(&c.to_string()),
                (1, false) => out.push_str(&factors.join(" * ")),
                (c, false) => out.push_str(&format!("{c} * {}", factors.join(" * "))),
            }
        }
        out
    }
}

/// A form made numeric: `constant + sum(coefficients[k] * loop k's variable)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Linear {
    pub constant: i64,
    pub coefficients: Vec<i64>,
}

/// The closed interval `[lo, hi]` of an integer; empty where `lo > hi`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Interval {
    pub lo: i64,
    pub hi: i64,
}

impl Interval {
    /// The interval of a variable whose loop never runs.
    pub const EMPTY: Interval = Interval { lo: 1, hi: 0 };

    pub fn is_empty(self) -> bool {
        self.lo > self.hi
    }

    /// The smallest interval holding both.
    pub fn hull(self, other: Interval) -> Interval {
        Interval {
            lo: self.lo.min(other.lo),
            hi: self.hi.max(other.hi),
        }
    }

    /// `k * x` for `x` in the interval.
    pub fn scaled(self, k: i64) -> Option<Interval> {
        let (a, b) = (self.lo.checked_mul(k)?, self.hi.checked_mul(k)?);
        Some(Interval {
            lo: a.min(b),
            hi: a.max(b),
        })
    }
}

impl Linear {
    /// The values the form takes with each loop variable in its interval (every
    /// loop the form reads has a non-empty one), or `None` on overflow.
    pub fn range(&self, loops: &[Interval]) -> Option<Interval> {
        let mut lo = self.constant;
        let mut hi = self.constant;
        for (k, c) in self.coefficients.iter().enumerate() {
            if *c == 0 {
                continue;
            }
            let r = loops.get(k)?.scaled(*c)?;
            lo = lo.checked_add(r.lo)?;
            hi = hi.checked_add(r.hi)?;
        }
        Some(Interval { lo, hi })
    }

    /// Whether the form reads a loop variable whose interval is unknown (`None`).
    pub fn reads_unknown(&self, intervals: &[Option<Interval>]) -> bool {
        self.coefficients
            .iter()
            .zip(intervals)
            .any(|(c, i)| *c != 0 && i.is_none())
    }

    pub fn minus(&self, other: &Linear) -> Option<Linear> {
        let coefficients = self
            .coefficients
            .iter()
            .zip(&other.coefficients)
            .map(|(a, b)| a.checked_sub(*b))
            .collect::<Option<Vec<_>>>()?;
        Some(Linear {
            constant: self.constant.checked_sub(other.constant)?,
            coefficients,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::EntityRef;

    struct Two;
    impl Symbols for Two {
        fn loop_index(&self, var: Var) -> Option<usize> {
            (var.index() < 2).then_some(var.index())
        }
        fn is_invariant_int(&self, var: Var) -> bool {
            var.index() == 2
        }
        fn is_fixed_array(&self, _: Var) -> bool {
            true
        }
    }

    fn v(k: usize) -> Box<Expr> {
        Box::new(Expr::Var(Var::new(k)))
    }

    #[test]
    fn flattened_subscript_is_affine_with_an_invariant_coefficient() {
        // i * n + j + 1, n invariant
        let e = Expr::Binary(
            BinOp::Add,
            Box::new(Expr::Binary(
                BinOp::Add,
                Box::new(Expr::Binary(BinOp::Mul, v(0), v(2))),
                v(1),
            )),
            Box::new(Expr::Int(1)),
        );
        let p = Poly::of(&e, &Two).unwrap();
        let l = p
            .linear(2, &|s| (s == Sym::Var(Var::new(2))).then_some(10))
            .unwrap();
        assert_eq!(
            l,
            Linear {
                constant: 1,
                coefficients: vec![10, 1]
            }
        );
        let name = |s: Sym| match s {
            Sym::Loop(k) => ["i", "j"][k].to_string(),
            _ => "n".into(),
        };
        assert_eq!(p.show(&name), "i * n + j + 1");
    }

    #[test]
    fn products_of_loop_variables_are_not_affine() {
        let e = Expr::Binary(BinOp::Mul, v(0), v(1));
        assert_eq!(Poly::of(&e, &Two), None);
        // (i - i) * j is affine: the product cancels.
        let e = Expr::Binary(
            BinOp::Mul,
            Box::new(Expr::Binary(BinOp::Sub, v(0), v(0))),
            v(1),
        );
        assert_eq!(Poly::of(&e, &Two), Some(Poly::default()));
    }

    #[test]
    fn ranges_are_interval_sums() {
        let l = Linear {
            constant: 3,
            coefficients: vec![2, -1],
        };
        let r = l
            .range(&[Interval { lo: 0, hi: 4 }, Interval { lo: 1, hi: 5 }])
            .unwrap();
        assert_eq!(r, Interval { lo: -2, hi: 10 });
    }
}
