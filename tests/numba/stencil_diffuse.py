# stencil_diffuse: heat diffusion on a plate with a numba stencil kernel applied in a jitted time loop, plus a 1-D weighted smoother stencil called from Python.
# Exercises: from numba import stencil; @stencil with relative indexes a[-1, 0], a[0, 1]; a stencil called inside @njit; zero border of stencil output; a scalar stencil argument.
import numpy as np
from numba import njit, stencil


@stencil
def avg4(a):  # hot
    return 0.25 * (a[-1, 0] + a[1, 0] + a[0, -1] + a[0, 1])


@stencil
def smooth3(a, w):  # hot
    return w * a[-1] + (1.0 - 2.0 * w) * a[0] + w * a[1]


@njit
def diffuse(u, steps):
    for t in range(steps):
        u = avg4(u)
        u[0, :] = 1.0
    return u


def main():
    n = 12
    u = np.zeros((n, n))
    u[0, :] = 1.0
    for rounds in range(3):
        u = diffuse(u, 4)
        print(rounds, u[1, 1:6], u[n // 2, n // 2])
    print(u[n - 1])
    x = np.where(np.arange(30) % 7 == 0, 1.0, 0.0)
    y = smooth3(x, 0.25)
    print(y[:10])
    z = smooth3(y, 0.125)
    print(z[5:12])


main()
