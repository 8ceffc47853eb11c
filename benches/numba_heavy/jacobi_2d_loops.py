# jacobi_2d_loops from tests/numba/, at a size where the work outweighs start-up.
# jacobi_2d_loops: 5-point Jacobi relaxation on a 2-D grid with time steps, element loops and a residual check.
# Exercises: import numba, @numba.njit, doubly nested element loops inside a time loop, double buffering by swapping names, max-norm residual loop.
import numpy as np
import numba


@numba.njit
def relax(u, f, steps):
    n, m = u.shape
    v = u.copy()
    for t in range(steps):
        for i in range(1, n - 1):
            for j in range(1, m - 1):
                v[i, j] = 0.25 * (u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1] - f[i, j])
        u, v = v, u
    return u


@numba.njit
def residual(u, f):
    n, m = u.shape
    r = 0.0
    for i in range(1, n - 1):
        for j in range(1, m - 1):
            d = u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1] - 4.0 * u[i, j] - f[i, j]
            if abs(d) > r:
                r = abs(d)
    return r


def main():
    n = 300
    u = np.zeros((n, n))
    u[0, :] = 1.0
    u[:, 0] = np.linspace(0.0, 1.0, n)[::-1]
    f = np.zeros((n, n))
    f[n // 2, n // 2] = 0.5
    for rounds in range(4):
        u = relax(u, f, 20)
        print(rounds, residual(u, f))
    print(u[1, :6])
    print(u[n // 2, n // 2 - 2:n // 2 + 3])


main()
