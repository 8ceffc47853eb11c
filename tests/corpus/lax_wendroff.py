# lax_wendroff: Lax-Wendroff advection with periodic boundaries via np.concatenate shifts.
# Exercises: np.concatenate-built shifted copies inside a time loop, whole-array expression assigned back to the same name.
import numpy as np


def lax_wendroff(u, c, nsteps):
    for n in range(nsteps):  # hot, interpreted: `np.concatenate()` stays interpreted
        up = np.concatenate((u[1:], u[:1]))
        um = np.concatenate((u[-1:], u[:-1]))
        u = u - 0.5 * c * (up - um) + 0.5 * c * c * (up - 2.0 * u + um)
    return u


def main():
    n = 256
    x = np.arange(n) / n
    u0 = np.maximum(0.0, 1.0 - 64.0 * (x - 0.5) ** 2) ** 2
    u = lax_wendroff(u0.copy(), 0.4, 160)
    print(u[120:136])
    err = np.abs(u - u0).max()
    print(repr(err), repr(u.max()), repr(u.min()))


main()
