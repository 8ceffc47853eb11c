# vectorize_sig: elementwise ufuncs with explicit signatures (softplus of a difference, a clipped ratio) applied to arrays and broadcast against scalars.
# Exercises: from numba import vectorize; @vectorize(["float64(float64, float64)"]); math.exp/math.log1p on scalars inside the ufunc; if/else returning float; 2-D inputs and scalar broadcasting.
import math
import numpy as np
from numba import vectorize


@vectorize(["float64(float64, float64)"])
def softplus_gap(x, y):  # hot
    d = x - y
    if d > 0.0:
        return d + math.log1p(math.exp(-d))
    return math.log1p(math.exp(d))


@vectorize(["float64(float64, float64)"])
def safe_ratio(a, b):  # hot
    if b == 0.0:
        return 0.0
    r = a / b
    if r > 4.0:
        return 4.0
    if r < -4.0:
        return -4.0
    return r


def main():
    x = np.linspace(-3.0, 3.0, 25)
    y = np.linspace(1.0, -1.0, 25)
    s = softplus_gap(x, y)
    print(s[:5])
    print(s[-3:])
    grid = x.reshape(5, 5)
    print(softplus_gap(grid, 0.5)[2])
    a = (np.arange(40) % 9 - 4) / 2.0
    b = (np.arange(40) % 5 - 2) / 4.0 + 0.125
    r = safe_ratio(a, b)
    print(r[:12])
    print(round(float(r.sum()), 9), r.dtype)


main()
