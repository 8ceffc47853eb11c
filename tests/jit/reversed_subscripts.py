# Subscripts that fall as the loop rises (`h[m - 1 - k]`, `x[n - i]`, `a[n - k - 1]`,
# `b[7 - k]`) are proven in bounds before the loop like rising ones: the unchecked
# copy runs where every one stays inside its axis, the checked copy (which raises the
# interpreter's IndexError, or wraps a negative index as Python does) where one may not.
import numpy as np


def conv_valid(x, h):
    n, m = x.shape[0], h.shape[0]
    out = np.zeros(n - m + 1)
    for i in range(n - m + 1):  # jit: compiled
        s = 0.0
        for k in range(m):
            s += h[m - 1 - k] * x[i + k]
        out[i] = s
    return out


def reverse_into(a, b, n):
    for i in range(n):  # jit: compiled
        b[i] = a[n - i - 1] + 2.0 * a[(n - i) + -1]
    return b


def tail_sum(a, n, m):
    s = 0
    for i in range(m):  # jit: compiled
        s += a[n - i] * (i + 1)
    return s


def fixed_start(a):
    t = 0.0
    for k in range(5):  # jit: compiled
        t += a[7 - k] - a[k]
    return t


x = np.arange(40) / 7.0
h = np.array([1.0, 4.0, 6.0, 4.0, 1.0]) / 16.0
print(conv_valid(x, h)[:6], conv_valid(x, h[:2]).sum())
a = np.arange(10) * 1.5
print(reverse_into(a, np.zeros(10), 10))
big = np.arange(300) * 0.25
print(reverse_into(big, np.zeros(300), 300)[:5], reverse_into(big, np.zeros(300), 250)[-3:])
ints = np.arange(20, dtype=np.int64)
print(tail_sum(ints, 19, 20), tail_sum(ints, 10, 11))
# Past the start: n - i goes negative and wraps, as Python indexes.
print(tail_sum(ints, 5, 12))
try:
    tail_sum(ints, 25, 3)
except IndexError as e:
    print("IndexError", e)
print(fixed_start(a), sum(fixed_start(a + j) for j in range(40)))
try:
    fixed_start(a[:6])
except IndexError as e:
    print("IndexError", e)
