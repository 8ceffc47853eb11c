# Matrix products compile (issue 17: `C[:] = alpha * A @ B + beta * C` and `A @ x` kept
# a quarter of a public suite's kernels interpreted): `@` and `np.dot` where an operand
# is a matrix run the interpreter's own GEMM into compiled code's memory, so the bits
# are the interpreter's, whatever the operands' strides; operands that are expressions
# or views are made first. Inner dimensions that differ hand the statement back (numpy
# raises ValueError); an empty inner dimension gives zeros; integer matrices stay
# interpreted, and say so.
import numpy as np
from numba import njit


@njit
def gemm(alpha, beta, C, A, B):  # jit: compiled
    C[:] = alpha * A @ B + beta * C


@njit
def gemv(alpha, A, x, y):  # jit: compiled
    return alpha * (A @ x) + y


def mlp(W1, b1, W2, b2, xs):
    out = np.zeros(xs.shape[0])
    for i in range(xs.shape[0]):  # jit: compiled
        h = np.tanh(W1 @ xs[i] + b1)
        o = np.dot(W2, h) + b2
        out[i] = o[0]
    return out


def chains(A, B, C, steps):
    acc = 0.0
    for t in range(steps):  # jit: compiled
        D = A @ B @ C
        F = A[::2, 1:] @ B[1:, ::2]
        acc += D[t % 3, 1] + F[0, 0]
        E = B[0] @ C
        acc += E[1]
    return acc


def empty_inner(A, B, steps):
    total = 0.0
    for t in range(steps):  # jit: compiled
        Z = A[:, :0] @ B[:0, :]
        total += Z[0, 0] + Z[-1, -1] + t
    return total


def mismatched(A, B, steps):
    total = 0.0
    for t in range(steps):  # jit: compiled, deopts
        P = A[:, : 4 - (t > 25)] @ B
        total += P[0, 0]
    return total


def single(A, B, steps):
    s = np.float32(0.0)
    for t in range(steps):  # jit: compiled
        P = A @ B
        s += P[1, 1]
    return s


def integers(A, B, steps):
    s = 0
    for t in range(steps):  # stays interpreted: `@` of int64 matrices
        P = A @ B
        s += P[0, 0]
    return s


rng = np.random.default_rng(7)
A = rng.standard_normal((5, 4))
B = rng.standard_normal((4, 6))
C = rng.standard_normal((5, 6))
for step in range(30):
    gemm(1.5, 0.5, C, A, B)
print(C[0], C[-1, -3:])
x = rng.standard_normal(4)
y = np.zeros(5)
for step in range(30):
    y = gemv(0.5, A, x, y * 0.25)
print(y)
W1, b1 = rng.standard_normal((8, 3)), rng.standard_normal(8)
W2, b2 = rng.standard_normal((1, 8)), rng.standard_normal(1)
print(mlp(W1, b1, W2, b2, rng.standard_normal((40, 3)))[::9])
print(chains(A, B, rng.standard_normal((6, 3)), 40))
print(empty_inner(A, B, 30))
try:
    print(mismatched(A, B, 40))
except ValueError as e:
    print("ValueError", e)
print(single(A.astype(np.float32), B.astype(np.float32), 30))
print(integers(np.arange(12).reshape(3, 4), np.arange(8).reshape(4, 2), 30))
