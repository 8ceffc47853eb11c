# softmax_fastmath from tests/numba/, at a size where the work outweighs start-up.
# grant: fastmath
# softmax_fastmath: numerically stable row-wise softmax and log-sum-exp with scalar exp/log loops compiled with fastmath.
# Exercises: @jit(nopython=True, fastmath=True); per-row max, exp-sum and normalisation loops; math.exp and math.log on scalars; results printed to 9 significant digits.
import math
import numpy as np
from numba import jit


@jit(nopython=True, fastmath=True)
def softmax_rows(X):
    n, m = X.shape
    out = np.empty((n, m))
    lse = np.empty(n)
    for i in range(n):
        mx = X[i, 0]
        for j in range(1, m):
            if X[i, j] > mx:
                mx = X[i, j]
        s = 0.0
        for j in range(m):
            e = math.exp(X[i, j] - mx)
            out[i, j] = e
            s += e
        for j in range(m):
            out[i, j] /= s
        lse[i] = mx + math.log(s)
    return out, lse


def fmt(values):
    return " ".join("%.9g" % v for v in values)


def main():
    rng = np.random.default_rng(0)
    X = rng.standard_normal((20000, 64)) * 2.0
    for scale in (1.0, 0.5, 3.0):
        P, lse = softmax_rows(X * scale)
        print(fmt(lse[:4]))
    print(fmt(P[0]))
    print(fmt(P[39, :6]))
    print("%.9g" % P.sum(axis=1).max(), int(np.argmax(P[7])))


main()
