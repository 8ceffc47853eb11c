import math
import numpy as np

def cnd(d):
    k = 1.0 / (1.0 + 0.2316419 * abs(d))
    value = 0.3989422804 * math.exp(-0.5 * d * d) * k
    if d > 0:
        value = 1.0 - value
    return value

def dist(xs, i, j):
    return math.sqrt((xs[i] - xs[j]) ** 2 + 1.0)

def twice(v):
    return cnd(v) + cnd(-v)

def apply(xs, out):
    for i in range(xs.shape[0]):  # jit: compiled
        out[i] = cnd(xs[i]) + dist(xs, i, 0) + twice(xs[i] * 0.5)
    return out

xs = np.linspace(-3, 3, 200)
print(apply(xs, np.zeros(200)).sum())

# The callee is redefined: compiled code for the old one must not run.
def cnd(d):
    return d * 2.0

print(apply(xs, np.zeros(200)).sum())

def fails(v):
    return math.log(v)

def logs(xs):
    t = 0.0
    for i in range(xs.shape[0]):  # jit: compiled, deopts
        t += fails(xs[i])
    return t

print(logs(np.arange(1.0, 100.0)))
try:
    print(logs(np.arange(-1.0, 99.0)[::-1]))
except ValueError as e:
    print("ValueError:", e)
