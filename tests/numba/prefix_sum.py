# prefix_sum: inclusive and exclusive scans, a segmented scan and a scan-based running mean.
# Exercises: @njit with explicit array-returning signature "int64[:](int64[:])", float scans on dyadic data, a segment-flag array, loops starting at 1.
import numpy as np
from numba import njit


@njit("int64[:](int64[:])")
def inclusive_scan(a):
    out = np.empty_like(a)
    acc = 0
    for i in range(a.shape[0]):  # hot
        acc += a[i]
        out[i] = acc
    return out


@njit
def exclusive_scan(a):
    out = np.empty_like(a)
    out[0] = 0.0
    for i in range(1, a.shape[0]):  # hot
        out[i] = out[i - 1] + a[i - 1]
    return out


@njit
def segmented_scan(a, flags):
    out = np.empty_like(a)
    for i in range(a.shape[0]):  # hot
        if i == 0 or flags[i]:
            out[i] = a[i]
        else:
            out[i] = out[i - 1] + a[i]
    return out


@njit
def running_mean(a):
    s = exclusive_scan(a)
    n = a.shape[0]
    out = np.empty(n)
    for i in range(1, n):  # hot
        out[i] = s[i] / i
    out[0] = 0.0
    return out


def main():
    n = 300
    ai = (np.arange(n, dtype=np.int64) * 37) % 101 - 50
    af = ((np.arange(n) * 13) % 17 - 8) / 16.0
    flags = (np.arange(n) % 23) == 0
    for rep in range(3):
        inc = inclusive_scan(ai + rep)
        exc = exclusive_scan(af * (rep + 1))
        seg = segmented_scan(af, flags)
    print(inc[:10], inc[-1])
    print(exc[:8], exc[-1])
    print(seg[20:28])
    for scale in (1.0, -2.0, 0.25):
        rm = running_mean(af * scale)
        print(rm[1:6], rm[-1])


main()
