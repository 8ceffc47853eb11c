# py_cholesky_solve: Cholesky factorisation of a symmetric positive definite list-of-lists matrix, then forward and back substitution to solve A x = b.
# Exercises: math.sqrt on a running difference, an inner sum over k < j through two hoisted rows, a lower-triangular factor filled in place, forward substitution and back substitution over a reversed range reading L[k][i] down a column.
import math


def spd_matrix(n):
    A = [[0.0] * n for _ in range(n)]
    for i in range(n):  # hot
        for j in range(n):  # hot
            A[i][j] = 1.0 / (1.0 + abs(i - j)) + (float(n) if i == j else 0.0)
    return A


def cholesky(A):
    n = len(A)
    L = [[0.0] * n for _ in range(n)]
    for i in range(n):  # hot
        Li = L[i]
        Ai = A[i]
        for j in range(i + 1):  # hot
            Lj = L[j]
            s = 0.0
            for k in range(j):  # hot
                s += Li[k] * Lj[k]
            if i == j:
                Li[j] = math.sqrt(Ai[i] - s)
            else:
                Li[j] = (Ai[j] - s) / Lj[j]
    return L


def forward(L, b):
    n = len(L)
    y = [0.0] * n
    for i in range(n):  # hot
        s = b[i]
        Li = L[i]
        for k in range(i):  # hot
            s -= Li[k] * y[k]
        y[i] = s / Li[i]
    return y


def backward(L, y):
    # solves L^T x = y without forming the transpose
    n = len(L)
    x = [0.0] * n
    for i in range(n - 1, -1, -1):  # hot
        s = y[i]
        for k in range(i + 1, n):  # hot
            s -= L[k][i] * x[k]
        x[i] = s / L[i][i]
    return x


def residual(A, x, b):
    r = 0.0
    for i in range(len(A)):  # hot
        Ai = A[i]
        s = 0.0
        for j in range(len(x)):  # hot
            s += Ai[j] * x[j]
        r = max(r, abs(s - b[i]))
    return r


def main():
    n = 60
    A = spd_matrix(n)
    b = [math.sin(0.1 * i) for i in range(n)]
    L = cholesky(A)
    y = forward(L, b)
    x = backward(L, y)
    print(L[0][0], L[1][0], L[n - 1][n - 1], L[n - 1][n - 2])
    print(x[:3], x[-1])
    print(residual(A, x, b) < 1e-12)
    logdet = 0.0
    for i in range(n):  # hot
        logdet += 2.0 * math.log(L[i][i])
    print(round(logdet, 10))


main()
