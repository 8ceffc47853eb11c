# `n, m = X.shape` in compiled code (the first line of most 2-d kernels): each axis,
# the number of axes checked when the loop is typed. An array with another number of
# axes (Python raises ValueError unpacking its shape) keeps the loop interpreted.
import numpy as np


def weighted(X):
    n, m = X.shape
    s = 0.0
    for i in range(n):
        for j in range(m):
            s += X[i, j] * (i - j)
    return s


def sizes(X):
    t = 0
    for k in range(200):  # jit: compiled
        a, b = X.shape
        t += a * b + k
    return t


def calls(X):
    total = 0.0
    for r in range(150):  # jit: compiled
        total += weighted(X)
    return total


X = np.arange(12.0).reshape(3, 4)
print(calls(X), sizes(X), sizes(X.T))
try:
    print(sizes(np.zeros((2, 3, 4))))
except ValueError as e:
    print("ValueError", e)
