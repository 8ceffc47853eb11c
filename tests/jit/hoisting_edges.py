# Edges of what runs before a statement (issue 17 review): a helper's array argument in
# a `while` condition is made on every test, not once; a reduction in an `if`
# condition hands back to the `if` itself, not into its body; a hand-back of a helper
# hoisted into an `if` condition counts nothing twice; `np.zeros` of a size past 4 GiB
# (or beyond 64 bits) is the interpreter's to make or refuse; a statement whose
# Python float arithmetic overflows without a warning is not run twice; `y = f(k)` of
# a helper that fails after making its array leaves `y` as it was.
import warnings

import numpy as np
def first(v):
    return v[0]
def run(x, reps):
    t = 0
    for r in range(reps):
        x[:] = 1.0
        while first(x[1:]) > 1e-3:
            x *= 0.5
            t += 1
    return t
def cond(m, k):
    n = 0
    for i in range(k):  # jit: compiled, deopts
        if m.sum() > 1e9:
            n += 1
    return n
def norm2(v):
    return (v * v).sum()
def cond2(v, k):
    n = 0
    for i in range(k):  # jit: compiled, deopts
        if norm2(v) > 1:
            n += 1
    return n
def big(n, k):
    s = 0.0
    for i in range(k):  # jit: compiled, deopts
        z = np.zeros(n)
        z[n - 1] = 1.0
        s += z[n - 1]
    return s
def tuple_flags(x, k):
    n = 0
    t = 0.0
    for i in range(k):  # jit: compiled
        n, t, u = n + 1, 1e200 * 1e200, first(x[1:])
    return n, t
def onehot(k, n):
    r = np.zeros(n)
    r[k] = 1.0
    return r
def onehots(ks, n):
    y = np.ones(n)
    try:
        for i in range(ks.shape[0]):  # jit: compiled, deopts
            y = onehot(ks[i], n)
    except IndexError:
        pass
    return y
print(run(np.ones(4), 3))
print(onehots(np.array(list(range(4)) * 10 + [9]), 4))
print(cond(np.ones((4, 8))[:, :4], 40))
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    print(cond2(np.full(4, 1e200), 40), len(w))
print(big(8, 40))
try:
    print(big(2**61, 40))
except Exception as e:
    print(type(e).__name__)
print(tuple_flags(np.ones(3), 40))
