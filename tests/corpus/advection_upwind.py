# advection_upwind: first-order upwind scheme for u_t + a u_x = 0 with periodic boundary.
# Exercises: u[1:] -= c * (u[1:] - u[:-1]) on a copy, u[0] update from the wrap-around, time loop.
import numpy as np


def upwind(u, c, nsteps):
    for n in range(nsteps):  # hot
        un = u.copy()
        u[1:] = un[1:] - c * (un[1:] - un[:-1])
        u[0] = un[0] - c * (un[0] - un[-1])
    return u


def main():
    nx = 500
    x = np.linspace(0.0, 2.0, nx)
    u = np.ones(nx)
    u[(x >= 0.5) & (x <= 1.0)] = 2.0
    u = upwind(u, 0.5, 120)
    print(u[100:130])
    print(repr(u.min()), repr(u.max()), int(np.argmax(u)))
    print(round(float(u.sum()), 10))


main()
