# trapezoid_integrate: composite trapezoid and Simpson rules over sampled and analytic integrands.
# Exercises: loops over sample arrays with h * (f[i] + f[i+1]) / 2, odd/even branches, math.sin/math.exp on Python floats.
import math
import numpy as np


def trapezoid(f, h):
    s = 0.0
    for i in range(len(f) - 1):  # hot
        s += 0.5 * h * (f[i] + f[i + 1])
    return s


def simpson(func, a, b, n):
    h = (b - a) / n
    s = func(a) + func(b)
    for i in range(1, n):  # hot
        x = a + i * h
        if i % 2 == 1:
            s += 4.0 * func(x)
        else:
            s += 2.0 * func(x)
    return s * h / 3.0


def g(x):
    return math.exp(-x * x) * math.sin(3.0 * x)


def main():
    x = np.linspace(0.0, 2.0, 801)
    f = x * x * (2.0 - x)
    h = x[1] - x[0]
    print(repr(trapezoid(f, h)))
    print(repr(simpson(g, 0.0, 2.0, 400)))
    print(repr(simpson(math.sqrt, 1.0, 4.0, 200)))


main()
