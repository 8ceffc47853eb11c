//! Dependence tests: can two accesses of one array touch the same element from two
//! different iterations of the nest's outermost loop?
//!
//! Each access is one [`Linear`] form per axis (its subscripts, made numeric with the
//! values seen at entry, see `affine`). Two accesses meet where every axis's forms
//! are equal; an axis whose equation has no solution proves them independent
//! (subscript by subscript, as Allen and Kennedy test them). For one axis, with `x`
//! the first access's iteration and `y` the second's, the equation is
//! `C + sum(a_k * x_k) - sum(b_k * y_k) = 0`, and the tests are, cheapest first:
//! - ZIV: no variable at all: independent unless `C` is zero;
//! - strong SIV: only the outer loop's variable, with one coefficient on both sides:
//!   exact, and gives the dependence distance;
//! - GCD: no integer solution where the gcd of the coefficients does not divide `C`;
//! - Banerjee (weak SIV and MIV): the smallest and largest value of the left side
//!   over the iteration space, with the outer loop's two iterations ordered (`x < y`
//!   or `x > y`, the direction) and every inner loop free (`*`): zero outside that
//!   range means no solution. The outer pair's extremes are at the corners of the
//!   triangle `0 <= x < y <= T - 1` (a linear function's over a convex polygon), the
//!   inner loops' at their intervals' ends.
//!
//! The outer loop is normalised to its trip counter `t` (`v = start + step * t`), so a
//! loop by 2 is tested on the values it takes, not on every integer between.
//!
//! Invariant: a test answers "independent" only when no solution exists for the
//! intervals given, and the intervals hold every value a loop variable takes (the
//! caller's); anything that overflows is "may depend".

use super::affine::{Interval, Linear};

/// The outer loop's iteration space: `start + step * t` for `t` in `0..trips`.
#[derive(Copy, Clone, Debug)]
pub struct Outer {
    pub start: i64,
    pub step: i64,
    pub trips: i64,
}

/// Which of the two accesses runs in the earlier iteration of the outer loop.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Direction {
    /// The first access's iteration comes before the second's (`<`).
    Before,
    /// After (`>`).
    After,
}

/// A dependence the outer loop carries between two accesses.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Carried {
    pub direction: Direction,
    /// How many values of the outer variable apart, where the test knows it exactly.
    pub distance: Option<i64>,
}

/// Whether the accesses `a` and `b` (one form per axis, as many for both) may touch one
/// element in two different iterations of the outer loop (loop 0), `inner` holding the
/// interval of every other loop's variable.
pub fn carried(a: &[Linear], b: &[Linear], outer: Outer, inner: &[Interval]) -> Option<Carried> {
    if outer.trips < 2 {
        return None;
    }
    for direction in [Direction::Before, Direction::After] {
        let mut distance = None;
        let mut all_axes = true;
        for (fa, fb) in a.iter().zip(b) {
            match axis(fa, fb, outer, inner, direction) {
                Axis::Independent => {
                    all_axes = false;
                    break;
                }
                Axis::Distance(d) => distance = Some(d),
                Axis::Maybe => {}
            }
        }
        if all_axes {
            return Some(Carried {
                direction,
                distance,
            });
        }
    }
    None
}

enum Axis {
    Independent,
    /// May depend, at exactly this distance of the outer variable.
    Distance(i64),
    Maybe,
}

fn axis(a: &Linear, b: &Linear, outer: Outer, inner: &[Interval], d: Direction) -> Axis {
    test(a, b, outer, inner, d).unwrap_or(Axis::Maybe)
}

fn test(a: &Linear, b: &Linear, outer: Outer, inner: &[Interval], d: Direction) -> Option<Axis> {
    // In the trip counters: a0 * (start + step * t) = a0 * start + (a0 * step) * t.
    let alpha = a.coefficients.first().copied().unwrap_or(0);
    let beta = b.coefficients.first().copied().unwrap_or(0);
    let c = a
        .constant
        .checked_sub(b.constant)?
        .checked_add(alpha.checked_mul(outer.start)?)?
        .checked_sub(beta.checked_mul(outer.start)?)?;
    let (alpha, beta) = (
        alpha.checked_mul(outer.step)?,
        beta.checked_mul(outer.step)?,
    );
    let others: Vec<(usize, i64)> = a
        .coefficients
        .iter()
        .skip(1)
        .enumerate()
        .map(|(k, x)| (k + 1, *x))
        .chain(
            b.coefficients
                .iter()
                .skip(1)
                .enumerate()
                .map(|(k, y)| (k + 1, -*y)),
        )
        .filter(|(_, c)| *c != 0)
        .collect();
    // ZIV.
    if alpha == 0 && beta == 0 && others.is_empty() {
        return Some(if c == 0 {
            Axis::Maybe
        } else {
            Axis::Independent
        });
    }
    // Strong SIV: alpha * (x - y) = -c.
    if others.is_empty() && alpha == beta {
        if c % alpha != 0 {
            return Some(Axis::Independent);
        }
        // y - x = c / alpha, in trips.
        let trips_apart = c / alpha;
        let ok = match d {
            Direction::Before => trips_apart >= 1,
            Direction::After => trips_apart <= -1,
        };
        if !ok || trips_apart.checked_abs()? > outer.trips - 1 {
            return Some(Axis::Independent);
        }
        return Some(Axis::Distance(trips_apart.checked_mul(outer.step)?));
    }
    // GCD.
    let g = others
        .iter()
        .map(|(_, c)| *c)
        .chain([alpha, beta])
        .fold(0i64, |g, c| gcd(g, c.checked_abs().unwrap_or(0)));
    if g != 0 && c % g != 0 {
        return Some(Axis::Independent);
    }
    // Banerjee.
    let last = outer.trips - 1;
    let corners: [(i64, i64); 3] = match d {
        Direction::Before => [(0, 1), (0, last), (last - 1, last)],
        Direction::After => [(1, 0), (last, 0), (last, last - 1)],
    };
    let mut lo = i64::MAX;
    let mut hi = i64::MIN;
    for (x, y) in corners {
        let v = alpha.checked_mul(x)?.checked_sub(beta.checked_mul(y)?)?;
        lo = lo.min(v);
        hi = hi.max(v);
    }
    for (k, coefficient) in others {
        let r = inner.get(k)?;
        if r.is_empty() {
            // A loop that never runs: nothing inside it accesses anything.
            return Some(Axis::Independent);
        }
        let r = r.scaled(coefficient)?;
        lo = lo.checked_add(r.lo)?;
        hi = hi.checked_add(r.hi)?;
    }
    let (lo, hi) = (lo.checked_add(c)?, hi.checked_add(c)?);
    Some(if lo <= 0 && 0 <= hi {
        Axis::Maybe
    } else {
        Axis::Independent
    })
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lin(constant: i64, coefficients: &[i64]) -> Linear {
        Linear {
            constant,
            coefficients: coefficients.to_vec(),
        }
    }

    const TEN: Outer = Outer {
        start: 0,
        step: 1,
        trips: 10,
    };

    #[test]
    fn same_element_of_the_same_iteration_is_no_carried_dependence() {
        // a[i] = a[i] * 2
        assert_eq!(carried(&[lin(0, &[1])], &[lin(0, &[1])], TEN, &[]), None);
    }

    #[test]
    fn strong_siv_gives_the_distance() {
        // a[i] written, a[i - 1] read: the read of iteration y meets the write of x = y - 1.
        let c = carried(&[lin(0, &[1])], &[lin(-1, &[1])], TEN, &[]).unwrap();
        assert_eq!(c.direction, Direction::Before);
        assert_eq!(c.distance, Some(1));
        // a distance of 10 or more is past the loop's 10 iterations.
        assert_eq!(carried(&[lin(0, &[1])], &[lin(-10, &[1])], TEN, &[]), None);
        // by 2: a[i] and a[i + 1] never meet on even i.
        let even = Outer {
            start: 0,
            step: 2,
            trips: 5,
        };
        assert_eq!(carried(&[lin(0, &[1])], &[lin(1, &[1])], even, &[]), None);
    }

    #[test]
    fn gcd_separates_even_and_odd_elements() {
        // a[2 * i] and a[2 * j + 1], j an inner loop.
        let inner = [Interval { lo: 0, hi: 0 }, Interval { lo: 0, hi: 9 }];
        assert_eq!(
            carried(&[lin(0, &[2, 0])], &[lin(1, &[0, 2])], TEN, &inner),
            None
        );
    }

    #[test]
    fn banerjee_separates_rows_of_a_flattened_matrix() {
        // a[i * 8 + j] for j in range(8), against itself: rows never overlap.
        let inner = [Interval { lo: 0, hi: 0 }, Interval { lo: 0, hi: 7 }];
        let f = lin(0, &[8, 1]);
        let one = std::slice::from_ref(&f);
        assert_eq!(carried(one, one, TEN, &inner), None);
        // with j in range(9) they do.
        let inner = [Interval { lo: 0, hi: 0 }, Interval { lo: 0, hi: 8 }];
        let one = std::slice::from_ref(&f);
        assert!(carried(one, one, TEN, &inner).is_some());
    }

    #[test]
    fn an_element_every_iteration_writes_is_an_output_dependence() {
        // s[0] = ... inside the loop.
        assert!(carried(&[lin(0, &[0])], &[lin(0, &[0])], TEN, &[]).is_some());
    }

    #[test]
    fn one_axis_that_separates_is_enough() {
        // c[i, j] against c[i, k]: the first axis alone proves it.
        let inner = [
            Interval { lo: 0, hi: 0 },
            Interval { lo: 0, hi: 9 },
            Interval { lo: 0, hi: 9 },
        ];
        let a = [lin(0, &[1, 0, 0]), lin(0, &[0, 1, 0])];
        let b = [lin(0, &[1, 0, 0]), lin(0, &[0, 0, 1])];
        assert_eq!(carried(&a, &b, TEN, &inner), None);
        // c[j, i] against c[k, i] transposed: the second axis does.
        let a = [lin(0, &[0, 1, 0]), lin(0, &[1, 0, 0])];
        let b = [lin(0, &[0, 0, 1]), lin(0, &[1, 0, 0])];
        assert_eq!(carried(&a, &b, TEN, &inner), None);
        // c[j] alone does not.
        assert!(carried(&a[..1], &b[..1], TEN, &inner).is_some());
    }
}
