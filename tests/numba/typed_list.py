# typed_list: numba typed Lists built in Python and inside jitted code: peaks of a signal, primes below n, and statistics over a list.
# Exercises: from numba.typed import List; List(iterable) from Python; List.empty_list(types.float64) and List() inside @njit; append, len, indexing and iteration of typed lists in jitted code.
import numpy as np
from numba import njit, types
from numba.typed import List


@njit
def mean_var(lst):
    s = 0.0
    for v in lst:  # hot
        s += v
    mean = s / len(lst)
    q = 0.0
    for i in range(len(lst)):  # hot
        q += (lst[i] - mean) ** 2
    return mean, q / len(lst)


@njit
def peaks(a):
    out = List.empty_list(types.float64)
    for i in range(1, a.shape[0] - 1):  # hot
        if a[i] > a[i - 1] and a[i] >= a[i + 1]:
            out.append(a[i])
    return out


@njit
def primes_below(n):
    ps = List()
    ps.append(2)
    for k in range(3, n, 2):  # hot
        is_p = True
        for p in ps:  # hot
            if p * p > k:
                break
            if k % p == 0:
                is_p = False
                break
        if is_p:
            ps.append(k)
    return ps


def main():
    data = List([((k * 7) % 19) / 4.0 for k in range(80)])
    data.append(10.0)
    m, v = mean_var(data)
    print(len(data), m, round(v, 12))
    for mult in (37, 11, 5):
        a = ((np.arange(100) * mult) % 23) / 8.0
        pk = peaks(a)
        print(len(pk), np.array(list(pk))[:8])
    for n in (50, 120, 300):
        ps = primes_below(n)
        arr = np.array(list(ps), dtype=np.int64)
        print(len(ps), arr[:10], arr[-3:])
    m2, v2 = mean_var(pk)
    print(m2, round(v2, 12))
    m3, v3 = mean_var(List([float(p) for p in ps]))
    print(round(m3, 12), round(v3, 9))


main()
