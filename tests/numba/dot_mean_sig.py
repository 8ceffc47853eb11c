# dot_mean_sig: means of dot products and small vector kernels compiled from explicit signature strings.
# Exercises: @njit("float64(float64[::1], float64[::1])") eager signatures, return np.dot(x, y) / n with no loop, array-returning signature, int64 counting loop.
import numpy as np
from numba import njit


@njit("float64(float64[::1], float64[::1])")
def dot_mean(x, y):  # hot
    n = x.shape[0]
    return np.dot(x, y) / n


@njit("float64[:](float64[:], float64)")
def axpy_scaled(x, a):  # hot
    y = a * x + 1.0
    return y / np.abs(y).max()


@njit("int64(int64[:], int64)")
def count_multiples(v, m):
    c = 0
    for i in range(v.shape[0]):  # hot
        if v[i] % m == 0:
            c += 1
    return c


def main():
    n = 40
    x = (np.arange(n) % 9 - 4) / 8.0
    y = np.arange(n, dtype=np.float64) % 7
    means = np.zeros(30)
    for k in range(30):
        means[k] = dot_mean(x, y + k)
    print(means[:5])
    print(means[-3:])
    z = x.copy()
    for k in range(25):
        z = axpy_scaled(z, -1.5)
    print(z[:6])
    print(z[n - 4:])
    v = np.arange(1, 200, dtype=np.int64) * 3
    print(count_multiples(v, 4), count_multiples(v, 9), count_multiples(v, 7))


main()
