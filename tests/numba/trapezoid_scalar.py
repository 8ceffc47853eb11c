# trapezoid_scalar: composite trapezoid and Simpson integration of scalar functions built from numpy and math scalar calls.
# Exercises: from numpy import exp, sqrt; np.tanh and math.sin on scalars; a small jitted integrand called from jitted loops; refinement in a Python loop.
import math
import numpy as np
from numpy import exp, sqrt
from numba import njit


@njit
def f(x):  # hot
    return sqrt(1.0 + x * x) * exp(-x) + np.tanh(x) * math.sin(3.0 * x)


@njit
def trapezoid(a, b, n):
    h = (b - a) / n
    s = 0.5 * (f(a) + f(b))
    for i in range(1, n):  # hot
        s += f(a + i * h)
    return s * h


@njit
def simpson(a, b, n):
    h = (b - a) / n
    s = f(a) + f(b)
    for i in range(1, n):  # hot
        x = a + i * h
        if i % 2 == 1:
            s += 4.0 * f(x)
        else:
            s += 2.0 * f(x)
    return s * h / 3.0


def main():
    prev = 0.0
    for n in (16, 64, 256, 1024):
        t = trapezoid(0.0, 2.0, n)
        s = simpson(0.0, 2.0, n)
        print(n, t, s, t - prev)
        prev = t
    print(f(0.5), f(1.25))


main()
