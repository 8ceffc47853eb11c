# grant: fastmath, partial sums
# fastmath_reductions: statistics of a sample and distances between signals, with the sums of @njit(fastmath=True) kernels reassociated.
# Exercises: fastmath=True and fastmath={'reassoc', ...}; `s += a[i] * b[i]` starting from a Python float; `s -= ...`; float32 sums; two passes (mean then variance); a fastmath kernel called from a hot loop; results printed to 9 significant digits.
import numpy as np
from numba import njit


@njit(fastmath=True)
def dot(a, b):  # hot
    s = 0.0
    for i in range(a.shape[0]):  # hot
        s += a[i] * b[i]
    return s


@njit(fastmath=True)
def mean_var(x):  # hot
    n = x.shape[0]
    total = 0.0
    for i in range(n):  # hot
        total += x[i]
    mean = total / n
    ss = 0.0
    for i in range(n):  # hot
        d = x[i] - mean
        ss += d * d
    return mean, ss / (n - 1)


@njit(fastmath={'reassoc', 'nsz', 'arcp'})
def residual(y, a, b, t):  # hot
    r = 0.0
    for i in range(y.shape[0]):  # hot
        r -= (y[i] - a * t[i] - b) * (y[i] - a * t[i] - b)
    return -r


@njit(fastmath=True)
def sum32(v):  # hot
    s = np.float32(0.0)
    for i in range(v.shape[0]):  # hot
        s += v[i]
    return s


@njit(fastmath=True)
def row_norms(M):  # hot
    n, m = M.shape
    out = np.empty(n)
    for i in range(n):  # hot
        s = 0.0
        for j in range(m):  # hot
            s += M[i, j] * M[i, j]
        out[i] = np.sqrt(s)
    return out


def fmt(values):
    return " ".join("%.9g" % v for v in values)


def main():
    rng = np.random.default_rng(7)
    a = rng.standard_normal(100003)
    b = np.cos(np.arange(100003) * 0.001)
    print("%.9g" % dot(a, b), "%.9g" % dot(a[:3], b[:3]), "%.9g" % dot(a[:0], b[:0]))
    m, v = mean_var(a * 3.0 + 1.0)
    print("%.9g %.9g" % (m, v))
    t = np.linspace(0.0, 1.0, 5001)
    y = 2.0 * t + 0.5 + 0.01 * np.sin(t * 40.0)
    print("%.9g" % residual(y, 2.0, 0.5, t), "%.9g" % residual(y, 1.9, 0.6, t))
    v32 = (np.arange(4099) % 17).astype(np.float32) * np.float32(0.25)
    print("%.6g" % sum32(v32))
    M = rng.random((60, 37))
    print(fmt(row_norms(M)[:5]))
    # A kernel called from a loop that gets hot itself.
    acc = 0.0
    for k in range(200):  # hot
        acc += dot(a[k:k + 500], b[k:k + 500])
    print("%.9g" % acc)
    # Sums that meet an infinity or a NaN give what the ordered sum gives.
    c = a.copy()
    c[50000] = np.inf
    print(dot(c, b) > 1e308, "%.9g" % dot(c[:50000], b[:50000]))
    c[60000] = np.nan
    print(dot(c, b))


main()
