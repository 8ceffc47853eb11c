# sor_while from tests/numba/, at a size where the work outweighs start-up.
# sor_while: successive over-relaxation for a 1-D Poisson problem, iterating in a while loop until the update falls below a tolerance.
# Exercises: @njit, while loop with a convergence test and an iteration cap, in-place Gauss-Seidel sweep, max of absolute updates, returning the iteration count.
import numpy as np
from numba import njit


@njit
def sor(u, f, h2, omega, tol, maxit):
    n = u.shape[0]
    it = 0
    delta = tol + 1.0
    while delta > tol and it < maxit:
        delta = 0.0
        for i in range(1, n - 1):
            new = 0.5 * (u[i - 1] + u[i + 1] + h2 * f[i])
            d = omega * (new - u[i])
            u[i] += d
            if abs(d) > delta:
                delta = abs(d)
        it += 1
    return it, delta


def main():
    n = 200
    h = 1.0 / (n - 1)
    x = np.linspace(0.0, 1.0, n)
    f = np.ones(n)
    for omega in (1.0, 1.5, 1.8):
        u = np.zeros(n)
        it, delta = sor(u, f, h * h, omega, 1e-9, 200000)
        print(omega, it, delta < 1e-9)
        print(np.round(u[::40], 8))
    exact = 0.5 * x * (1.0 - x)
    print(round(float(np.abs(u - exact).max()), 8))


main()
