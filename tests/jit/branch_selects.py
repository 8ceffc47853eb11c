# Short conditional assignments run as selects, with no branch (if-conversion): a
# count under a random test, a clamp's if/elif, a running maximum that reads the
# element again, a best value and its index updated together. A count that passes
# 64 bits inside the converted side hands its statement back (its overflow check
# stays, taken only where the side is), and the interpreter goes on in big ints.
import numpy as np
from numba import njit


@njit
def inside_circle(xs, ys, start):  # jit: compiled, branchless
    inside = start
    for i in range(xs.shape[0]):
        if xs[i] * xs[i] + ys[i] * ys[i] < 1.0:
            inside += 1
    return inside


@njit
def clamped_bins(x, lo, width, nbins):  # jit: compiled, branchless
    counts = np.zeros(nbins, dtype=np.int64)
    for i in range(x.shape[0]):
        b = int((x[i] - lo) / width)
        if b < 0:
            b = 0
        elif b >= nbins:
            b = nbins - 1
        counts[b] += 1
    return counts


@njit
def running_max(a):  # jit: compiled, branchless
    out = np.empty_like(a)
    m = a[0]
    for i in range(a.shape[0]):
        if a[i] > m:
            m = a[i]
        out[i] = m
    return out


@njit
def best_drop(p):  # jit: compiled, branchless
    peak = p[0]
    best = 0.0
    best_i = -1
    for i in range(p.shape[0]):
        peak = max(peak, p[i])
        d = peak - p[i]
        if d > best:
            best = d
            best_i = i
    return best, best_i


def main():
    rng = np.random.default_rng(7)
    xs = rng.random(5000) * 2.0 - 1.0
    ys = rng.random(5000) * 2.0 - 1.0
    for start in (0, 10, -3):
        print(inside_circle(xs, ys, start))
    # Past 2**63 - 1 half way: the add's check hands back, Python's ints go on.
    print(inside_circle(xs, ys, 2**63 - 2000))
    x = rng.standard_normal(20000)
    for nbins in (4, 10, 33):
        print(nbins, clamped_bins(x, -2.0, 4.0 / nbins, nbins))
    walk = np.cumsum(rng.standard_normal(3000))
    for _ in range(3):
        r = running_max(walk)
        print(r[:3], r[1500], r[-1])
    nan_walk = walk.copy()
    nan_walk[100] = np.nan
    print(running_max(nan_walk)[98:103], best_drop(nan_walk))
    print(best_drop(walk), best_drop(-walk), best_drop(np.arange(50.0)))


main()
