# heat_1d: explicit FTCS heat equation in 1-D.
# Exercises: in-place slice stencil u[1:-1] = u[1:-1] + r * (u[2:] - 2*u[1:-1] + u[:-2]) in a time loop.
import numpy as np


def initial(n):
    x = np.linspace(0.0, 1.0, n)
    u = 16.0 * x * x * (1.0 - x) * (1.0 - x) + 0.25 * x * (1.0 - x)
    return x, u


def step_heat(u, r, nsteps):
    for step in range(nsteps):  # hot
        u[1:-1] = u[1:-1] + r * (u[2:] - 2 * u[1:-1] + u[:-2])
    return u


def main():
    n = 400
    x, u = initial(n)
    dx = x[1] - x[0]
    alpha = 1.0
    dt = 0.4 * dx * dx / alpha
    r = alpha * dt / (dx * dx)
    u = step_heat(u, r, 200)
    print(u[:5])
    print(u[n // 2 - 2:n // 2 + 3])
    print(repr(u.max()), repr(u[n // 4]))
    print(round(float(u.sum()), 10))


main()
