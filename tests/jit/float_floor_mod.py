# Python's float `//` and `%` in compiled loops: the remainder takes the divisor's sign,
# a zero remainder too (-9.0 % 1.0 is 0.0, 9.0 % -1.0 is -0.0), and the quotient is
# CPython's rounded `(a - a % b) / b`, not floor(a / b) (1.0 // 0.1 is 9.0). RustPython
# 0.5 got the exact multiples wrong and the compiled code copied it.
import math

import numpy as np

PAIRS = [(-9.0, 1.0), (9.0, -1.0), (-7.0, 2.0), (7.0, -2.0), (1.0, 0.1), (-1.0, 0.1),
         (0.0, -3.0), (-0.0, 3.0), (-3.0, 1.5), (0.5, 0.25), (-0.5, 0.25), (1e300, 1e-300),
         (-1e-300, 1e300), (5.0, math.inf), (-5.0, math.inf), (math.inf, 2.0), (7.5, -0.5)]
a = np.array([p[0] for p in PAIRS])
b = np.array([p[1] for p in PAIRS])


def each(a, b, q, r):
    for i in range(a.shape[0]):  # jit: compiled
        x = float(a[i])
        y = float(b[i])
        q[i] = x // y
        r[i] = x % y


q, r = np.zeros(len(PAIRS)), np.zeros(len(PAIRS))
for _ in range(3):
    each(a, b, q, r)
for i in range(len(PAIRS)):
    print(PAIRS[i], repr(float(q[i])), repr(float(r[i])), math.copysign(1.0, r[i]))


def accumulate(n, d):
    s = 0.0
    t = 0.0
    for i in range(n):  # jit: compiled
        s += (3.0 - i) % d
        t += (i * 0.1) // d
    return s, t


for d in (1.0, -1.0, 0.1, 1.5):
    print(d, accumulate(200, d))
