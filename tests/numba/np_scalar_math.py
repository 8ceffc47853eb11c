# np_scalar_math: numpy scalar functions and scalar casts inside jitted loops: diagonal transforms, log-sum terms and integer truncation.
# Exercises: @njit; np.sqrt, np.exp, np.log, np.tanh(a[i, i]) on scalars; np.float64(x) and np.int32(x) casts; int(...) of a float; math.floor; mixed int32/int64 arithmetic.
import math
import numpy as np
from numba import njit


@njit
def diag_terms(a):  # hot
    n = a.shape[0]
    s = 0.0
    for i in range(n):  # hot
        d = a[i, i]
        s += np.sqrt(d) + np.log(1.0 + d) + np.tanh(d) - np.exp(-d)
    return s


@njit
def casts(x):  # hot
    f = np.float64(x) / 3.0
    t = np.int32(x * 2.5)
    u = np.int32(-x * 1.75)
    return f, t + u, int(f * 7.0), math.floor(-f)


@njit
def soft_threshold(v, lam):
    out = np.empty_like(v)
    for i in range(v.shape[0]):  # hot
        m = np.abs(v[i]) - lam
        out[i] = np.sign(v[i]) * m if m > 0.0 else 0.0
    return out


def main():
    n = 12
    a = np.diag(np.arange(1.0, n + 1.0) / 4.0) + 0.125
    totals = np.zeros(60)
    for k in range(60):  # hot
        totals[k] = diag_terms(a * (1.0 + k / 8.0))
    print(totals[:3])
    print(totals[-2:])
    acc_i = 0
    acc_j = 0
    acc_f = 0.0
    for k in range(60):  # hot
        f, t, j, fl = casts(k + 0.5)
        acc_i += t
        acc_j += j + fl
        acc_f += f
    print(acc_i, acc_j, acc_f)
    f, t, j, fl = casts(7)
    print(f, t, j, fl)
    v = np.linspace(-2.0, 2.0, 17)
    for lam in (0.25, 0.6, 1.5):
        print(soft_threshold(v, lam))


main()
