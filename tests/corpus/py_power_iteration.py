# py_power_iteration: dominant eigenpair of a symmetric list-of-lists matrix by power iteration with a Rayleigh quotient and a convergence test, then deflation for the second eigenvalue.
# Exercises: a while loop with an iteration cap and a tolerance break, matvec with a hoisted row, math.sqrt of a dot product, list comprehensions for normalisation, an outer-product update of rows in place (deflation).
import math


def matvec(A, x):
    n = len(A)
    y = [0.0] * n
    for i in range(n):  # hot
        row = A[i]
        s = 0.0
        for j in range(n):  # hot
            s += row[j] * x[j]
        y[i] = s
    return y


def norm(x):
    s = 0.0
    for v in x:  # hot
        s += v * v
    return math.sqrt(s)


def dot(x, y):
    s = 0.0
    for i in range(len(x)):  # hot
        s += x[i] * y[i]
    return s


def power_iteration(A, tol, max_iter):
    n = len(A)
    x = [1.0 / math.sqrt(n)] * n
    lam = 0.0
    it = 0
    while it < max_iter:  # hot, interpreted: a list stays interpreted
        y = matvec(A, x)
        nrm = norm(y)
        x_new = [v / nrm for v in y]
        lam_new = dot(x_new, matvec(A, x_new))
        it += 1
        if abs(lam_new - lam) < tol:
            lam = lam_new
            x = x_new
            break
        lam = lam_new
        x = x_new
    return lam, x, it


def deflate(A, lam, v):
    n = len(A)
    for i in range(n):
        row = A[i]
        vi = lam * v[i]
        for j in range(n):  # hot
            row[j] -= vi * v[j]


def main():
    n = 40
    A = [[1.0 / (1 + i + j) + (2.0 if i == j else 0.0) for j in range(n)] for i in range(n)]
    lam1, v1, it1 = power_iteration(A, 1e-13, 500)
    print(it1, round(lam1, 10))
    print([round(v, 8) for v in v1[:5]])
    deflate(A, lam1, v1)
    lam2, v2, it2 = power_iteration(A, 1e-13, 500)
    print(it2, round(lam2, 10), round(abs(dot(v1, v2)), 6))


main()
