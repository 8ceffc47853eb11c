# A helper with several `return`s is inlined: its returns become branches, and what
# follows an `if` that may return runs only on the paths that did not (issue 16: such
# helpers kept real kernels interpreted). Early returns in nested ifs, an if/else
# whose branches both return (the body then ends in an `if`), and statements (a store
# among them) after a conditional return.
import math

import numpy as np


def clamp(x, lo, hi):
    if x < lo:
        return lo
    if x > hi:
        return hi
    return x


def sign(x):
    if x > 0:
        return 1.0
    else:
        if x < 0:
            return -1.0
        return 0.0


def count_and_scale(c, i, x):
    if x == 0:
        return 0.0
    c[0] += 1  # only on the paths that did not return
    y = x * 2.0
    if y > 3.0:
        y = math.sqrt(y)
        return y
    return -y


def apply(a, c):
    s = 0.0
    for i in range(len(a)):  # jit: compiled
        s += clamp(a[i], -0.5, 0.5) + sign(a[i]) + count_and_scale(c, i, a[i])
    return s


a = np.sin(np.arange(300.0)) * 3
a[::7] = 0.0
c = np.zeros(1, dtype=np.int64)
print(apply(a, c), c)
