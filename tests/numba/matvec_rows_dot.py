# matvec_rows_dot: matrix-vector products row by row with np.dot inside a loop, iterated as an integer-valued modular map.
# Exercises: import numba, @numba.jit(nopython=True), out[i] = np.dot(A[i, :], x) per row, whole-array modular reduction outside the kernel, np.dot of two vectors for a Rayleigh-like quotient.
import numpy as np
import numba


@numba.jit(nopython=True)
def matvec(A, x):  # hot
    n = A.shape[0]
    out = np.empty(n)
    for i in range(n):  # hot
        out[i] = np.dot(A[i, :], x)
    return out


@numba.jit(nopython=True)
def quotient(A, x):
    y = matvec(A, x)
    return np.dot(x, y), np.dot(x, x)


def main():
    n = 24
    i = np.arange(n).reshape(n, 1)
    j = np.arange(n).reshape(1, n)
    A = (((i + 1) * (j + 2)) % 5 - 2).astype(np.float64)
    A = A + A.T
    x = np.ones(n)
    for it in range(30):
        y = matvec(A, x)
        x = y % 13.0 - 6.0
    print(x[:6])
    print(x[n - 4:])
    for k in (1, 3, 5):
        num, den = quotient(A, (np.arange(n) % (k + 4)) / 8.0)
        print(num, den)


main()
