# Nests whose subscripts are proven at their entry, where the proof fails (a periodic
# stencil reads `u[i - 1]` at `i = 0`, a negative index; a shift that reads from the
# end, then past it): the copy that checks every access runs them, with the
# interpreter's results and the errors a bad index raises.
import numpy as np
from numba import njit


@njit
def diffuse_periodic(u, steps):  # jit: compiled
    n, m = u.shape
    v = np.empty_like(u)
    for t in range(steps):
        for i in range(n):
            for j in range(m):
                v[i, j] = 0.2 * (
                    u[i, j] + u[i - 1, j] + u[i, j - 1] + u[(i + 1) % n, j] + u[i, (j + 1) % m]
                )
        u, v = v, u
    return u


@njit
def shifted_sum(a, shift):  # jit: compiled
    n, m = a.shape
    total = 0.0
    for i in range(n):
        for j in range(m):
            total += a[i, j - shift] * (i + 1)
    return total


@njit
def fill_rows(out, k):  # jit: compiled
    n, m = out.shape
    for i in range(n):
        for j in range(m):
            out[i, j] = i * k + j
    return out


def main():
    u = np.zeros((12, 9))
    u[3, 4] = 50.0
    for r in range(4):
        u = diffuse_periodic(u, 3)
        print(r, round(float(u.sum()), 9), u[3, 2:6])
    a = np.arange(35.0).reshape(5, 7)
    # In bounds for a shift of 0, from the end for 1..m, out of bounds past m.
    for shift in (0, 0, 2, 7, 3):
        print(shift, shifted_sum(a, shift))
    try:
        print(shifted_sum(a, 8))
    except IndexError as e:
        print("IndexError", e)
    out = np.zeros((4, 6))
    print(fill_rows(out, 10)[3])
    print(fill_rows(np.zeros((3, 2)), 2))


main()
