# power_iteration_int: power iteration on a non-negative integer matrix with exact int64 arithmetic.
# Exercises: w = A @ v on int64 arrays, integer rescaling w // scale, v.max(), final Rayleigh quotient from int dots.
import numpy as np


def power(A, v, iters):
    for it in range(iters):  # hot, interpreted: `@` of matrices other than float64 or float32 ones alike stays interpreted
        w = A @ v
        scale = w.max() // 4096 + 1
        v = w // scale
    return v


def main():
    n = 40
    i = np.arange(n).reshape(n, 1)
    j = np.arange(n).reshape(1, n)
    A = (i * 3 + j * 5) % 7 + (i == j) * 10
    v = np.ones(n, dtype=np.int64)
    v = power(A, v, 60)
    Av = A @ v
    num = int(v @ Av)
    den = int(v @ v)
    print(v[:10])
    print(num, den, repr(num / den))
    print(repr(Av.max() / v.max()))


main()
