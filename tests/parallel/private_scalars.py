# Scalars each iteration makes for itself: temporaries, an accumulator reset at the top
# of each iteration, an inner loop's variable read after that loop (which must run),
# and a `continue` that skips an iteration's store. After the loop every name holds
# what the last iteration left, as in the interpreter.
import numpy as np


def rows(a, out, last):
    h, w = a.shape
    for i in range(h):  # tier2: parallel
        acc = 0.0
        peak = a[i, 0]
        for j in range(w):
            v = a[i, j]
            acc += v * v
            if v > peak:
                peak = v
        last[i] = j
        out[i] = acc / w + peak
    return acc, peak, v, j, i


def skips(a, out):
    for i in range(a.shape[0]):  # tier2: parallel
        t = a[i] * 3.0
        if t < 1.0:
            continue
        out[i] = t - 1.0
    return t, i


def empty_inner(a, last, w):
    for i in range(a.shape[0]):  # tier2: serial(may not run)
        for j in range(w):
            a[i] += 1.0
        last[i] = j
    return last


a = np.sin(np.arange(60 * 17).reshape(60, 17) * 0.3)
out = np.zeros(60)
last = np.zeros(60, dtype=np.int64)
for rep in range(3):
    r = rows(a, out, last)
print(r, out[:3], out.sum(), last.sum())
x = np.cos(np.arange(400) * 0.05)
y = np.zeros(400)
for rep in range(3):
    r = skips(x, y)
print(r, y.sum())
last = np.zeros(50, dtype=np.int64)
for w in (3, 3, 3, 0):
    try:
        empty_inner(np.zeros(50), last, w)
    except UnboundLocalError as e:
        print("UnboundLocalError")
print(last.sum())


# An attribute the loop assigns and a method inlined into the same statement reads
# (`self.m` in `pt.scaled`): the previous iteration's value, so the loop is serial
# (found by the differential tester, seed 383: the chunks each started from the
# entry's `pt.m`).
class Pt:
    def __init__(self, v):
        self.m = 1.5
        self.v = v

    def scaled(self, x):
        if x > self.m:
            return x * self.v
        return self.lift(x) - self.m

    def lift(self, x):
        return x + self.v


def chained(pt, n):
    for i in range(n):  # tier2: serial(before the iteration assigns it)
        pt.m = pt.scaled(i) - i * -0.3
    return pt.m


for v in (-2, 0.5, np.float64(3.0)):
    print(chained(Pt(v), 19))
