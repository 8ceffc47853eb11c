# Conditional stores of an element compared in the condition run as one store of a
# select (`if alt < d[i, j]: d[i, j] = alt`): the element keeps its own bits where
# the condition fails (NaN, -0.0), and every other shape of `if` stays a branch.
import numpy as np


def floyd(d):
    n = d.shape[0]
    for k in range(n):  # jit: compiled, clean, selected
        for i in range(n):
            dik = d[i, k]
            for j in range(n):
                alt = dik + d[k, j]
                if alt < d[i, j]:
                    d[i, j] = alt
    return d


def bucket_min(x, keys, out):
    for i in range(x.shape[0]):  # jit: compiled, clean, selected
        v = x[i]
        k = keys[i]
        if out[k] > v:
            out[k] = v
    return out


def bucket_max_list(x, keys, out):
    # A list's items stay behind a branch.
    for i in range(len(x)):  # jit: compiled
        v = x[i]
        k = keys[i]
        if v > out[k]:
            out[k] = v
    return out


def capped(a, cap):
    # A Python float stored into a float64 array: another type, a branch.
    for i in range(a.shape[0]):  # jit: compiled, clean
        if a[i] > cap:
            a[i] = cap
    return a


n = 40
i = np.arange(n).reshape(n, 1)
j = np.arange(n).reshape(1, n)
d = np.where((i * j + i) % 5 == 0, (i * 7 + j * 3) % 11 + 1, 10 ** 9).astype(np.int64)
np.fill_diagonal(d, 0)
print(floyd(d)[:3, :8])

x = np.array([3.0, -0.0, np.nan, 1.5, 0.0, -2.0, np.nan, 7.0] * 20)
keys = np.arange(160) % 5
out = np.full(5, np.inf)
out[3] = np.nan
r = bucket_min(x, keys, out)
print(r, np.signbit(r))
print(bucket_max_list(list(x), list(keys), [-1.0] * 5))
print(capped(np.linspace(-3.0, 3.0, 61), 1.25)[-5:])
