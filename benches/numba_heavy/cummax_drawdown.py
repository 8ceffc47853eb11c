# cummax_drawdown from tests/numba/, at a size where the work outweighs start-up.
# cummax_drawdown: cumulative maximum and minimum, maximum drawdown and the longest run above the running mean of a price path.
# Exercises: @njit, running max/min with if, max(a, b) builtin, tracking the best index, an int run-length counter that resets.
import numpy as np
from numba import njit


@njit
def cummax(a):
    out = np.empty_like(a)
    m = a[0]
    for i in range(a.shape[0]):
        if a[i] > m:
            m = a[i]
        out[i] = m
    return out


@njit
def cummin(a):
    out = np.empty_like(a)
    m = a[0]
    for i in range(a.shape[0]):
        m = min(m, a[i])
        out[i] = m
    return out


@njit
def max_drawdown(p):
    peak = p[0]
    best = 0.0
    best_i = 0
    for i in range(p.shape[0]):
        peak = max(peak, p[i])
        dd = (peak - p[i]) / peak
        if dd > best:
            best = dd
            best_i = i
    return best, best_i


@njit
def longest_run_above_mean(p):
    total = 0.0
    run = 0
    longest = 0
    for i in range(p.shape[0]):
        total += p[i]
        mean = total / (i + 1)
        if p[i] > mean:
            run += 1
            longest = max(longest, run)
        else:
            run = 0
    return longest


def main():
    rng = np.random.default_rng(0)
    steps = rng.integers(-8, 9, size=500000) / 64.0
    p = 100.0 + np.cumsum(steps)
    for shift in (0.0, -3.5, 12.25):
        cm = cummax(p + shift)
        cn = cummin(p + shift)
        print(cm[::100000], cn[::100000])
    for scale in (1.0, 2.0, 0.5):
        dd, at = max_drawdown(p * scale + 1.0)
        print(round(dd, 12), at)
    print(longest_run_above_mean(p), longest_run_above_mean(p[::-1].copy()), longest_run_above_mean(-p))


main()
