# jacobi_2d: Jacobi iteration for the Laplace equation, double-buffer style.
# Exercises: new[1:-1, 1:-1] = 0.25 * (old[2:, 1:-1] + ...) then swapping names old, new = new, old.
import numpy as np


def init(n):
    old = np.zeros((n, n))
    old[0, :] = 1.0
    old[:, 0] = np.linspace(1.0, 0.0, n)
    new = old.copy()
    return old, new


def jacobi(old, new, iters):
    for it in range(iters):  # hot
        new[1:-1, 1:-1] = 0.25 * (old[2:, 1:-1] + old[:-2, 1:-1] + old[1:-1, 2:] + old[1:-1, :-2])
        old, new = new, old
    return old, new


def main():
    n = 40
    old, new = init(n)
    old, new = jacobi(old, new, 150)
    print(old[1, :6])
    print(old[n // 2, n // 2 - 3:n // 2 + 3])
    diff = np.abs(old - new).max()
    print(repr(diff))
    print(repr(old[5, 5]), repr(old[20, 1]))


main()
