# Nests of loops on the simulated device: a thread per iteration of the outer loop
# and of up to two loops perfectly nested in it (`grid(N)`: N loops on the grid),
# the other loops in the thread; written boxes copied back row by row, so what the
# nest does not write keeps its host value.
import numpy as np


def gemm(A, B, C, alpha, beta):
    n, m = C.shape
    for i in range(n):  # gpu: sim grid(2)
        for j in range(m):
            s = 0.0
            for k in range(A.shape[1]):
                s += A[i, k] * B[k, j]
            C[i, j] = alpha * s + beta * C[i, j]


def interior(a, out):
    # out's border is never written: it must keep its host values (the written
    # box is dense, so nothing is copied in, and only the box comes back).
    n = a.shape[0]
    for i in range(1, n - 1):  # gpu: sim grid(2)
        for j in range(1, a.shape[1] - 1):
            out[i, j] = 0.25 * (a[i - 1, j] + a[i + 1, j] + a[i, j - 1] + a[i, j + 1])


def lower(a, out):
    # A triangle: its box is not written densely, so it is copied in first and the
    # upper triangle comes back as it was.
    # (`j`'s range depends on `i`: not a rectangle, so `j` stays in the thread.)
    for i in range(a.shape[0]):  # gpu: sim grid(1)
        for j in range(i + 1):
            out[i, j] = a[i, j] * 2.0 + a[j, i]


def transpose_columns(a, out):
    # A strided view on both sides (every other column of a).
    for j in range(out.shape[0]):  # gpu: sim grid(2)
        for i in range(out.shape[1]):
            out[j, i] = a[i, 2 * j]


def scale3(x, out, k):
    for a in range(x.shape[0]):  # gpu: sim grid(3)
        for b in range(x.shape[1]):
            for c in range(x.shape[2]):
                out[a, b, c] = x[a, b, c] * k + a - b


def carried_inner(a):
    # Parallel in `i`, but `j` carries a dependence: only `i` on the grid.
    for i in range(a.shape[0]):  # gpu: sim grid(1)
        for j in range(1, a.shape[1]):
            a[i, j] = a[i, j - 1] * 0.5 + a[i, j]


n = 24
A = (np.arange(n * n, dtype=np.float64).reshape(n, n) % 11) / 7.0
B = np.ones((n, n)) * 0.5 - np.eye(n)
for rep in range(3):
    C = np.full((n, n), 2.0)
    gemm(A, B, C, 1.5, 0.25)
    print(C.sum(), C[3, 7], C[n - 1, 0])

for rep in range(3):
    out = np.full((n, n + 3), -1.0)
    interior(A[:, :] * 1.0, out[:, 2:])
    print(out.sum(), out[0, 0], out[5, 6], out[n - 1, n + 2])

for rep in range(3):
    out = np.full((n, n), 9.0)
    lower(A, out)
    print(out.sum(), out[0, 1], out[n - 1, n - 1], out[3, 2])

for rep in range(3):
    out = np.zeros((n // 2, n))
    transpose_columns(A, out)
    print(out.sum(), out[1, 2])

x3 = np.arange(4 * 5 * 6, dtype=np.float64).reshape(4, 5, 6)
for rep in range(30):
    o3 = np.zeros((4, 5, 6))
    scale3(x3, o3, 0.5 + rep)
print(o3.sum(), o3[3, 4, 5])

for rep in range(3):
    m = A.copy()
    carried_inner(m)
    print(m.sum(), m[5, n - 1])
