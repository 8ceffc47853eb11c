# wave_1d: leapfrog scheme for the 1-D wave equation, three time levels.
# Exercises: three-array rotation u_prev, u, u_next = u, u_next, u_prev; slice stencils.
import numpy as np


def wave(n, nsteps, c):
    x = np.linspace(0.0, 1.0, n)
    dx = x[1] - x[0]
    dt = 0.5 * dx / c
    C2 = (c * dt / dx) ** 2
    u_prev = 1.0 / (1.0 + 400.0 * (x - 0.3) ** 2)
    u_prev[0] = 0.0
    u_prev[-1] = 0.0
    u = u_prev.copy()
    u_next = np.zeros(n)
    # first step (zero initial velocity)
    u[1:-1] = u_prev[1:-1] + 0.5 * C2 * (u_prev[2:] - 2.0 * u_prev[1:-1] + u_prev[:-2])
    for step in range(nsteps):  # hot
        u_next[1:-1] = 2.0 * u[1:-1] - u_prev[1:-1] + C2 * (u[2:] - 2.0 * u[1:-1] + u[:-2])
        u_next[0] = 0.0
        u_next[-1] = 0.0
        u_prev, u, u_next = u, u_next, u_prev
    return x, u


def main():
    x, u = wave(600, 150, 1.0)
    print(u[::60])
    i = int(np.argmax(u))
    print(i, repr(u[i]), repr(x[i]))
    print(repr(np.abs(u).max()))


main()
