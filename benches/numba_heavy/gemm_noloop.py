# gemm_noloop from tests/numba/, at a size where the work outweighs start-up.
# gemm_noloop: npbench-style gemm and gemv kernels with no loop inside the jitted code.
# Exercises: import numba as nb, @nb.njit, C[:] = alpha * A @ B + beta * C, matrix-vector @, whole-array updates, a Python-level repetition loop.
import numpy as np
import numba as nb


@nb.njit
def gemm(alpha, beta, C, A, B):
    C[:] = alpha * A @ B + beta * C


@nb.njit
def gemv(alpha, A, x, y):
    return alpha * (A @ x) + y


def init(ni, nj, nk):
    C = np.fromfunction(lambda i, j: ((i * j + 1) % ni) / ni, (ni, nj), dtype=np.float64)
    A = np.fromfunction(lambda i, k: (i * (k + 1) % nk) / nk, (ni, nk), dtype=np.float64)
    B = np.fromfunction(lambda k, j: (k * (j + 2) % nj) / nj, (nk, nj), dtype=np.float64)
    return C, A, B


def main():
    ni, nj, nk = 160, 320, 80
    C, A, B = init(ni, nj, nk)
    alpha, beta = 1.5, 0.5
    for step in range(60):
        gemm(alpha, beta, C, A, B)
    print(C[0, :4])
    print(C[ni - 1, nj - 4:])
    x = np.arange(nk, dtype=np.float64) / 4.0
    y = np.zeros(ni)
    for step in range(60):
        y = gemv(0.5, A, x, y * 0.25)
    print(y[:6])
    print(float(y.sum()))


main()
