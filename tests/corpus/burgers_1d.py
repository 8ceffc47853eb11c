# burgers_1d: viscous Burgers equation, upwind convection + central diffusion.
# Exercises: un = u.copy() then one long slice expression mixing products of slices, time loop.
import numpy as np


def burgers(u, dt, dx, nu, nt):
    for n in range(nt):  # hot
        un = u.copy()
        u[1:-1] = (un[1:-1]
                   - un[1:-1] * dt / dx * (un[1:-1] - un[:-2])
                   + nu * dt / dx ** 2 * (un[2:] - 2 * un[1:-1] + un[:-2]))
        u[0] = un[0] - un[0] * dt / dx * (un[0] - un[-2]) + nu * dt / dx ** 2 * (un[1] - 2 * un[0] + un[-2])
        u[-1] = u[0]
    return u


def main():
    nx = 301
    dx = 2.0 * np.pi / (nx - 1)
    nu = 0.07
    dt = dx * nu
    x = np.linspace(0.0, 2.0 * np.pi, nx)
    u = 1.0 + 0.5 * x * (2.0 * np.pi - x) / np.pi ** 2 + 4.0 / (1.0 + 4.0 * (x - 3.0) ** 2)
    u = burgers(u, dt, dx, nu, 100)
    print(u[::30])
    print(repr(u.max()), int(np.argmax(u)))


main()
