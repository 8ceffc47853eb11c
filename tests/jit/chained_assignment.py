# `a = b = value` compiles: every name gets the value, evaluated before any of them is
# assigned (`x = y = x + 1` reads the old x), in loops and in inlined helpers (issue 16:
# `a = b = 0.0` kept real kernels interpreted).
import numpy as np


def running(a):
    lo = hi = a[0]
    total = count = 0.0
    for i in range(len(a)):  # jit: compiled
        x = y = a[i] * 2.0
        if x > hi:
            hi = prev = x
        if y < lo:
            lo = prev = y
        total = count = total + x + count * 0.0
        count = count + 1
    return lo, hi, total, count


def reset(v):
    s = t = v * 0.5
    return s + t


def stepping(n):
    x = 0
    acc = 0.0
    for i in range(n):  # jit: compiled
        x = k = x + 1
        acc = acc + reset(i) + k
    return x, acc


a = np.sin(np.arange(300.0))
print(running(a))
print(stepping(300))
