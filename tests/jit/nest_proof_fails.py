# Nests whose subscripts are proven at their entry, where the proof fails (a periodic
# stencil reads `u[i - 1]` at `i = 0`, a negative index; a shift that reads from the
# end, then past it): the copy that checks every access runs them, with the
# interpreter's results and the errors a bad index raises. The copy is compiled when
# the proof first fails, as a nest of its own the function calls: what it assigns,
# a `return` or `break` inside it, a statement it hands back half way (an int past
# 64 bits) and the loop states around it must come back to the function as if the
# copy had been its own code.
import numpy as np
from numba import njit


@njit
def diffuse_periodic(u, steps):  # jit: compiled, copied
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
def shifted_sum(a, shift):  # jit: compiled, copied
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


@njit
def first_above(a, shift, limit):  # jit: compiled, copied
    n, m = a.shape
    for i in range(n):
        for j in range(m):
            if a[i, j - shift] > limit:
                return i, j
    return -1, -1


@njit
def rows_until(a, shift, limit):  # jit: compiled, copied
    n, m = a.shape
    count = 0
    last = -1.0
    j = -1
    for t in range(3):
        for i in range(n):
            if a[i - shift, 0] > limit + t:
                break
            for j in range(m):
                last = a[i, j - shift]
                count += last > 0
    return count, t, i, j, last


@njit
def grow(a, shift, steps):  # jit: compiled, copied, deopts
    n, m = a.shape
    total = 1
    for t in range(steps):
        for i in range(n):
            for j in range(m):
                total = total * 3 + int(a[i, j - shift])
        total = total % 1000003 if t % 2 == 1 else total
    return total, t


def wrapped_total(a, shift):
    n, m = a.shape
    total = 0.0
    for i in range(n):  # jit: compiled, copied
        for j in range(m):
            total += a[i - shift, j] * (j + 1)
    return total


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
    for limit in (3.0, 20.0, 40.0):
        print(first_above(a, 0, limit), first_above(a, 2, limit), first_above(a, 5, limit))
    for shift in (0, 1, 3):
        print(rows_until(a, shift, 20.0))
    for shift in (0, 3):
        print(grow(a, shift, 4), grow(a, shift, 1))
    print([wrapped_total(a, s) for s in (0, 1, 2, 0, 4)])
    try:
        print(wrapped_total(a, 6))
    except IndexError as e:
        print("IndexError", e)
    out = np.zeros((4, 6))
    print(fill_rows(out, 10)[3])
    print(fill_rows(np.zeros((3, 2)), 2))


main()
