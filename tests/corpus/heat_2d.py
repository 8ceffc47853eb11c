# heat_2d: explicit 2-D heat equation updating the grid from a snapshot each step.
# Exercises: un = u.copy(); u[1:-1, 1:-1] = un[1:-1, 1:-1] + r * (...5-point stencil...) in a time loop.
import numpy as np


def heat2d(u, r, nsteps):
    for n in range(nsteps):  # hot
        un = u.copy()
        u[1:-1, 1:-1] = (un[1:-1, 1:-1]
                         + r * (un[2:, 1:-1] - 2 * un[1:-1, 1:-1] + un[:-2, 1:-1])
                         + r * (un[1:-1, 2:] - 2 * un[1:-1, 1:-1] + un[1:-1, :-2]))
        u[0, :] = 0.0
        u[-1, :] = 0.0
        u[:, 0] = 0.0
        u[:, -1] = 0.0
    return u


def main():
    nx = ny = 50
    u = np.zeros((ny, nx))
    u[20:30, 15:25] = 2.0
    u = heat2d(u, 0.2, 100)
    print(u[25, 10:30:2])
    print(repr(u.max()), repr(u[25, 20]))
    print(round(float(u.sum()), 10))


main()
