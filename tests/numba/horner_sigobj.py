# horner_sigobj: polynomial evaluation (Horner), its derivative and a Newton root refinement, typed with numba signature objects.
# Exercises: from numba import njit, float64, int64; @njit(float64(float64[:], float64)); @njit(float64[::1](float64[::1], float64[::1])); a jitted helper called in a loop; Newton iteration with a fixed step count.
import numpy as np
from numba import njit, float64, int64


@njit(float64(float64[:], float64))
def horner(c, x):  # hot
    s = 0.0
    for i in range(c.shape[0]):  # hot
        s = s * x + c[i]
    return s


@njit(float64(float64[:], float64))
def horner_deriv(c, x):  # hot
    n = c.shape[0] - 1
    s = 0.0
    for i in range(n):  # hot
        s = s * x + c[i] * (n - i)
    return s


@njit(float64[::1](float64[::1], float64[::1]))
def eval_many(c, xs):
    out = np.empty(xs.shape[0])
    for i in range(xs.shape[0]):  # hot
        out[i] = horner(c, xs[i])
    return out


@njit(float64(float64[:], float64, int64))
def newton_root(c, x0, steps):
    x = x0
    for k in range(steps):
        x = x - horner(c, x) / horner_deriv(c, x)
    return x


def main():
    xs = np.linspace(-2.0, 2.0, 33)
    for c in (np.array([1.0, 0.0, -1.0]), np.array([0.5, 0.25, -1.0, 0.125]), np.array([1.0, -0.5, -2.25, 0.75, 0.5])):
        ys = eval_many(c, xs)
        print(ys[:6], ys[-4:])
    roots = [newton_root(c, x0, 12) for x0 in (-2.0, -0.5, 0.5, 2.0)]
    for r in roots:
        print(round(r, 12), abs(horner(c, r)) < 1e-12)


main()
