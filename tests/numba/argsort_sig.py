# argsort_sig: stable insertion argsort and rank computation compiled from explicit void/int signatures.
# Exercises: @njit("void(float64[:], int64[:])") writing into an output array, @njit("int64[:](float64[:])"), index indirection keys[idx[j]], stable comparisons with ties.
import numpy as np
from numba import njit


@njit("void(float64[:], int64[:])")
def argsort_into(keys, idx):  # hot
    n = keys.shape[0]
    for i in range(n):  # hot
        idx[i] = i
    for i in range(1, n):  # hot
        cur = idx[i]
        k = keys[cur]
        j = i - 1
        while j >= 0 and keys[idx[j]] > k:  # hot
            idx[j + 1] = idx[j]
            j -= 1
        idx[j + 1] = cur


@njit("int64[:](float64[:])")
def ranks(keys):
    n = keys.shape[0]
    idx = np.empty(n, dtype=np.int64)
    argsort_into(keys, idx)
    r = np.empty(n, dtype=np.int64)
    for pos in range(n):  # hot
        r[idx[pos]] = pos
    return r


def main():
    n = 50
    keys = ((np.arange(n) * 17) % 13) / 2.0
    idx = np.empty(n, dtype=np.int64)
    for rep in range(20):
        argsort_into(keys + rep, idx)
    print(idx[:16])
    print(np.array_equal(idx, np.argsort(keys, kind="stable")))
    for shift in (0, 3, 7):
        r = ranks(np.roll(keys[::-1], shift))
        print(r[:16], int((r * np.arange(n)).sum()))


main()
