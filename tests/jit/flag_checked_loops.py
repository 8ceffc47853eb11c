# Innermost loops whose numpy float operations the CPU's flags check: the loop runs
# with no value tested, the flags read after it; where one was raised, the elements it
# stored into and its variables are put back and it runs again testing every value,
# so numpy's warnings (and errors, under np.seterr) come at the same line, iteration
# and state as in the interpreter. `flagged`: a loop of the site ran under the flags.
import math
import warnings
import numpy as np


def forces(pos, mass, eps):
    # nbody's force loop: a `continue`, temporaries, three accumulators at fixed
    # elements of the inner loop.
    n = pos.shape[0]
    acc = np.zeros_like(pos)
    for i in range(n):  # jit: compiled, flagged, clean
        for j in range(n):
            if i == j:
                continue
            dx = pos[j, 0] - pos[i, 0]
            dy = pos[j, 1] - pos[i, 1]
            r2 = dx * dx + dy * dy + eps
            inv = mass[j] / (r2 * np.sqrt(r2))
            acc[i, 0] += dx * inv
            acc[i, 1] += dy * inv
    return acc


def dots(a, b, out):
    # A float sum in a scalar (no store in the inner loop), the row's result after it:
    # `s` starts a Python float and is numpy's once it added an element, which the
    # vector loop (lanes added in order) takes as well as the flags would.
    for i in range(a.shape[0]):  # jit: compiled, vectorised, clean
        s = 0.0
        for k in range(a.shape[1]):
            s += a[i, k] * b[k]
        out[i] = s
    return out


def scaled_sums(x, scale, out):
    # Overflows at one row: numpy warns there once per overflowing product, as the
    # interpreter does, and the row's sum is the interpreter's. (The element is the
    # loop's sum, so its test is the sum's, not the flags': summed_loops.py.)
    for i in range(out.shape[0]):  # jit: compiled, summed, deopts
        for j in range(x.shape[0]):
            out[i] += x[j] * scale[i]
    return out


def gathered(x, idx, out, big):
    # A hand-back from inside the loop (an index out of range) after an overflow
    # earlier in the same run of the loop: the warning comes first, then the error.
    for i in range(out.shape[0]):  # jit: compiled, flagged
        for j in range(idx.shape[0]):
            t = x[j] * big
            out[i] += x[idx[j]] + t * 0.0
    return out


def overflow_then_error(p, r, n):
    # An overflow in one statement, then a hand-back (math.sqrt of a negative) in the
    # next: the overflowing value is read only where the hand-back writes it back,
    # yet the flags are read after it is computed, and the warning comes first.
    s = r[0] * 0
    t = r[0] * 0 + 1
    k = 0
    for k in range(1, n - 1):  # jit: compiled, flagged
        r[n - 1] = p[3]
        u = -p[k + 1] + 1.0
        s += -(u - r[k]) * abs(u)
        t *= math.sqrt(r[k])
    return s, t, k


def until_large(x, limit, out):
    # `break` out of a loop under the flags.
    for i in range(out.shape[0]):  # jit: compiled, flagged, clean
        s = 0.0
        for j in range(x.shape[0]):
            s += x[j] * (i + 1)
            if s > limit:
                break
        out[i] = s
    return out


def carried_inf(d, out):
    # inf carried along raises no flag: nothing runs twice, nothing hands back.
    for i in range(out.shape[0]):  # jit: compiled, flagged, clean
        m = np.inf
        for j in range(d.shape[1]):
            m = min(m, d[i, j] + 1.0)
        out[i] = m
    return out


def python_floats(x, out):
    # Python floats that make a NaN (inf - inf, no warning in Python) raise the
    # invalid flag: the loop runs again testing values, with the same result.
    for i in range(out.shape[0]):  # jit: compiled, flagged
        s = 0.0
        for j in range(x.shape[0]):
            f = float(x[j])
            s += (f - f) * 0.0 + x[j]
        out[i] = s
    return out


pos = np.stack([np.cos(np.arange(60) * 0.3), np.sin(np.arange(60) * 0.7)], axis=1)
mass = 1.0 + 0.01 * np.arange(60)
acc = forces(pos, mass, 0.01)
print(acc[:2], float(acc.sum()))

a = np.cos(np.arange(40 * 50).reshape(40, 50) * 0.37)
b = np.sin(np.arange(50) * 0.11)
print(dots(a, b, np.zeros(40))[:3])

x = np.linspace(1.0, 2.0, 64)
scale = np.ones(30)
scale[17] = 1e308
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    r = scaled_sums(x, scale, np.zeros(30))
print(r[15:19], len(caught), sorted(set(str(w.message) for w in caught)))

idx = np.arange(64) % 60
idx[40] = 99
out = np.zeros(30)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    try:
        gathered(x, idx, out, 1.7e308)
    except IndexError as e:
        print("IndexError", e)
print(out[:2], len(caught))
idx[40] = 7
print(gathered(x, idx, np.zeros(30), 2.0)[:3])

print(until_large(x, 50.0, np.zeros(30))[:5])

d = np.full((30, 40), np.inf)
d[::3, 5] = 2.0
print(carried_inf(d, np.zeros(30))[:6])

y = x.copy()
y[5] = np.inf
print(python_floats(y, np.zeros(30))[:2], python_floats(x, np.zeros(30))[:2])

for big in (2.0, 1e200):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        p = np.linspace(big, 2.0, 40)
        for sign in (1.0, 1.0, -1.0):
            r = np.full(40, 0.3 * sign)
            try:
                print(overflow_then_error(p, r, 40), r[-1])
            except ValueError as e:
                print("ValueError", e, r[-1])
    print(len(caught), sorted(set(str(w.message) for w in caught)))

old = np.seterr(over="raise")
out = np.zeros(30)
try:
    scaled_sums(x, scale, out)
except FloatingPointError as e:
    print("FloatingPointError", e)
print(out[15:19])
np.seterr(**old)


def overwritten(p, q, r, n):
    # A store that the next overwrites is dead to Cranelift, which removed it and then
    # the quotient whose flag numpy warns about: under the flags the value is sunk.
    for k in range(1, n - 1):  # jit: compiled, flagged
        r[n - 1] *= q[k] / p[k + 1]
        r[n - 1] = k
    return r[n - 1]


for dt in (np.float64, np.float32):
    p = np.linspace(-2.0, 2.0, 41).astype(dt)
    q = np.linspace(-1.0, 3.0, 41).astype(dt)
    print(overwritten(p, q, np.full(41, 7.0, dtype=dt), 41))


def constant_quotients(q, n):
    # Values of constants only, never read: Cranelift evaluates float arithmetic on
    # constants, so the division, product and root would raise no flag and numpy's
    # warnings (one per iteration, as counted below) would be lost.
    m = 0.0
    for k in range(1, n - 1):  # jit: compiled, flagged
        m += q[k]
        v = np.float64(1.25) / -0.0
        w = np.float32(3e38) * np.float32(10)
        u = np.sqrt(np.float64(-1.0))
    return m


with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    for _ in range(3):
        print(constant_quotients(np.arange(30.0), 30))
print(len(caught), sorted({str(w.message) for w in caught}))


def constant_where(p, m, n):
    # numpy computes both of np.where's operands whatever the condition: the root of
    # negative elements warns although a constant False leaves it unused (the
    # differential tester's seed 343).
    s = 0.0
    for t in range(n):  # jit: compiled
        m[t % 6, 2:8] = np.where(0.5 > 0.5, np.sqrt(p[:11:2]), p[3:9])
        s += p[t % 16]
    return s


with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(constant_where(np.arange(16.0) % 5 - 2.0, np.zeros((6, 16)), 30))
print(len(caught), sorted({str(w.message) for w in caught}))
