# prange_int_reduce: parallel integer reductions with prange: divisor sums, digit sums and a parallel per-element map.
# Exercises: from numba import njit, prange, get_num_threads; @njit(parallel=True); scalar += reduction over prange (integers, so the result is exact); inner while loop per element; independent writes out[i].
import numpy as np
from numba import njit, prange, get_num_threads


@njit(parallel=True)
def divisor_sum_total(n):
    total = 0
    for k in prange(1, n + 1):  # hot
        d = 1
        s = 0
        while d * d <= k:  # hot
            if k % d == 0:
                s += d
                if d * d != k:
                    s += k // d
            d += 1
        total += s
    return total


@njit(parallel=True)
def digit_sums(a):
    out = np.empty_like(a)
    for i in prange(a.shape[0]):  # hot
        v = a[i]
        s = 0
        while v > 0:  # hot
            s += v % 10
            v //= 10
        out[i] = s
    return out


@njit(parallel=True)
def count_matching(a, b):
    c = 0
    for i in prange(a.shape[0]):  # hot
        if a[i] % 7 == b[i] % 7:
            c += 1
    return c


def main():
    print(get_num_threads() >= 1)
    for n in (100, 500, 1000):
        print(n, divisor_sum_total(n))
    a = np.arange(1000, 1300, dtype=np.int64) * 37
    for mult in (1, 7, 1001):
        ds = digit_sums(a * mult)
        print(ds[:12], int(ds.sum()), count_matching(a * mult, ds))
    print(count_matching(ds, ds))


main()
