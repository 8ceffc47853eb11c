# jacobi_1d: npbench jacobi_1d (slice form, no inner loop) next to the same sweep written as an element loop.
# Exercises: @njit, B[1:-1] = 0.33333 * (A[:-2] + A[1:-1] + A[2:]) inside a time loop, a[1:-1] = 0.5 * (b[2:] + b[:-2]), explicit element-loop version.
import numpy as np
from numba import njit


@njit
def jacobi_1d(tsteps, A, B):
    for t in range(1, tsteps):  # hot
        B[1:-1] = 0.33333 * (A[:-2] + A[1:-1] + A[2:])
        A[1:-1] = 0.33333 * (B[:-2] + B[1:-1] + B[2:])


@njit
def jacobi_1d_loops(tsteps, A, B):
    n = A.shape[0]
    for t in range(1, tsteps):  # hot
        for i in range(1, n - 1):  # hot
            B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1])
        for i in range(1, n - 1):  # hot
            A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1])


@njit
def smooth(a, b):  # hot
    a[1:-1] = 0.5 * (b[2:] + b[:-2])


def main():
    n = 120
    A = (np.arange(n) + 2.0) / n
    B = (np.arange(n) + 3.0) / n
    for tsteps in (10, 20, 30):
        A2, B2 = A.copy(), B.copy()
        jacobi_1d(tsteps, A, B)
        jacobi_1d_loops(tsteps, A2, B2)
        print(A[:5], B[n - 5:])
        print(np.array_equal(A, A2), np.array_equal(B, B2))
    a = np.zeros(n)
    b = np.where(np.arange(n) % 10 == 0, 1.0, 0.0)
    for it in range(40):
        smooth(a, b)
        a, b = b, a
    print(b[:12])
    print(b[60:66])


main()
