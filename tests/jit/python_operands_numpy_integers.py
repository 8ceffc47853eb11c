# A Python float or bool meeting a numpy integer element gives numpy's result in
# compiled loops as in the interpreter: `x + a[i]` is an np.float64, `flag + a[i]` keeps
# the element's dtype, and `x < a[i]` is an np.bool_. Mixed float32, float64 and integer
# operands on either side; the result's type is printed, not only its value. (Outside-
# tester report: compiled code gave a Python float where numpy gives np.float64.)
import numpy as np


def mixed(a, x, flag):
    s = 0.0
    t = 0
    u = flag
    c = 0
    b = x > a[0]
    for i in range(len(a)):  # jit: compiled
        s = x * a[i] + s / 2
        t = t + (x - a[i]) * 2
        u = u + a[i]
        b = x < a[i]
        if b:
            c += 1
        if a[i] <= x:
            c += 10
        if flag == a[i]:
            c += 100
    return s, t, u, b, c


def float32_meets(a, f, x):
    s = 0.0
    for i in range(len(a)):  # jit: compiled
        s += f[i] * a[i] + x * f[i] - a[i] / x
    return s


for dt in (np.int8, np.int64, np.uint16, np.uint32):
    a = (np.arange(300) % 50).astype(dt)
    for x, flag in ((1.5, True), (-0.1, False), (3, True)):
        print(dt.__name__, [repr(v) for v in mixed(a, x, flag)])
    f = (np.arange(300) / 7).astype(np.float32)
    print(repr(float32_meets(a, f, 0.1)), repr(float32_meets(a, f.astype(np.float64), 0.1)))
