# helper_two_returns: piecewise helper functions with two return statements called from hot loops.
# Exercises: def f(x): if ...: return a; return b (called per element), a helper returning a tuple, math.sqrt.
import math
import numpy as np


def huber(r, delta):
    a = abs(r)
    if a <= delta:
        return 0.5 * r * r
    return delta * (a - 0.5 * delta)


def soft_threshold(x, lam):
    if x > lam:
        return x - lam, 1
    if x < -lam:
        return x + lam, 1
    return 0.0, 0


def robust_loss(res, delta):
    total = 0.0
    for i in range(len(res)):  # hot
        total += huber(res[i], delta)
    return total


def shrink(x, lam):
    out = np.zeros_like(x)
    nnz = 0
    for i in range(x.shape[0]):  # hot
        v, k = soft_threshold(x[i], lam)
        out[i] = v
        nnz += k
    return out, nnz


def main():
    t = np.arange(700, dtype=np.float64)
    res = (t % 23.0 - 11.0) / 4.0
    print(repr(robust_loss(res, 1.5)))
    out, nnz = shrink(res, 1.0)
    print(out[:12], nnz)
    print(repr(math.sqrt(float((out * out).sum()))))


main()
