# Data that holds inf and NaN, carried through numpy float arithmetic in compiled loops:
# numpy warns only where an operation raises (a new inf from finite operands, a NaN from
# operands that are none, a zero divisor), so a loop that only carries them along never
# hands a statement back (`clean`), and one that raises warns as the interpreter does,
# at the same line and as often, under numpy's error state (`raise` too). Loops that
# hand back go on compiled after the statement (`once`: one specialisation, entered
# again).
import warnings
import numpy as np


def shortest(d, n):
    # Floyd-Warshall over distances that are inf where there is no edge.
    for k in range(n):  # jit: compiled, clean
        for i in range(n):
            dik = d[i, k]
            for j in range(n):
                nd = dik + d[k, j]
                if nd < d[i, j]:
                    d[i, j] = nd
    return d


def carried(x, y, out):
    for i in range(x.shape[0]):  # jit: compiled, clean
        out[i] = (x[i] * 2.0 - y[i]) / 3.0 + np.sqrt(abs(x[i])) + np.exp(-abs(y[i]))
    return out


def raising(x, y, out):
    for i in range(x.shape[0]):  # jit: compiled, deopts, once
        out[i] = x[i] * y[i] + x[i] - y[i]
    return out


def math_of(x, out):
    for i in range(x.shape[0]):  # jit: compiled, deopts
        out[i] = np.sqrt(x[i]) + np.log(x[i] + 1.0) + np.tanh(x[i])
    return out


n = 40
d = np.full((n, n), np.inf)
for i in range(n):
    d[i, i] = 0.0
    d[i, (i * 7 + 3) % n] = float(i % 9 + 1)
    d[i, (i * 13 + 5) % n] = float(i % 5 + 2)
d = shortest(d, n)
print(float(d[np.isfinite(d)].sum()), int(np.isinf(d).sum()))

x = np.linspace(-3.0, 3.0, 300)
y = np.cos(np.arange(300.0))
x[7], x[50], y[90], y[91], x[200] = np.inf, np.nan, -np.inf, np.nan, np.inf
print(carried(x, y, np.empty(300))[::37].tolist())

with warnings.catch_warnings(record=True) as seen:
    warnings.simplefilter("always")
    a = np.linspace(-2.0, 2.0, 500)
    b = np.linspace(1.0, 3.0, 500)
    a[30], b[30] = np.inf, np.inf        # inf * inf + inf - inf: invalid
    a[60], b[60] = 1e300, 1e300          # overflow
    a[90], b[90] = np.inf, 0.0           # inf * 0: invalid
    a[120] = np.nan                      # carried: nothing
    a[150], b[150] = np.inf, 2.0         # inf + inf - 2: nothing
    r = raising(a, b, np.empty(500))
    print(r[::50].tolist(), r[[30, 60, 90, 120, 150]].tolist())
    m = np.linspace(0.0, 5.0, 400)
    m[10], m[20], m[30], m[35] = np.inf, np.nan, -1.0, -2.5
    print(math_of(m, np.empty(400))[::40].tolist())
for w in seen:
    print(w.category.__name__, w.message, w.lineno)

old = np.seterr(all="raise")
try:
    raising(a, b, np.empty(500))
except FloatingPointError as e:
    print("FloatingPointError", e)
np.seterr(**old)

# A module-level loop whose compiled code hands one statement back (a zero divisor)
# goes on compiled after it, and leaves no name of kiln's in the module.
ys = np.linspace(1.0, 2.0, 400)
ys[37] = 0.0
q = 0.0
with warnings.catch_warnings(record=True) as seen:
    warnings.simplefilter("always")
    for i in range(400):  # jit: compiled, deopts
        q += 1.0 / ys[i]
print(q, len(seen), sorted(k for k in globals() if k.startswith("__kiln")))
