# Edge cases of complex numbers and inlined functions that a review found wrong
# (issue 17), each run compiled and interpreted:
# - a call that stores into an array, in a statement computing with complex numbers
#   (the parts would run it twice: the statement stays interpreted);
# - a helper that stores, called from the loop of an inlined function (a hand-back
#   could not undo every iteration's store: not inlined);
# - comparisons of complex128 values give numpy bools;
# - `np.float64 * complex` where both operands' kinds change at run time;
# - an inlined function with a loop returning a complex number, and the shape of a
#   complex array unpacked.
import numpy as np


def counted(c, x):
    c[0] += 1
    return x


def with_stores(c, a):
    s = 0j
    for i in range(a.shape[0]):
        s += counted(c, a[i]) * 1j
    return s


def loopy(c, n):
    s = 0
    for j in range(n):
        s += counted(c, j) * 2**58
    return s


def loopy_calls(c, reps):
    t = 0
    for i in range(reps):
        t += loopy(c, i % 40) % 1000
    return t


def numpy_bools(A, n):
    t = 0
    for i in range(n):  # jit: compiled, clean
        x = A[i % 2]
        same = x == A[0]
        if same:
            t += 2
        t += int(x != x)
    return t, same


def kinds(a, A, n):
    z = 0j
    for i in range(n):  # jit: compiled, clean
        e = a[i] if i % 2 else float(a[i])
        s = A[i] if i % 3 else complex(A[i].real, A[i].imag)
        z = e * s + z * 0.5
    return z


def orbit(c):
    z = 0j
    for k in range(3):
        z = z * z + c
    return z


def orbits(A):
    s = 0j
    for i in range(A.shape[0]):  # jit: compiled, clean
        s += orbit(A[i])
    return s


def shapes(X, reps):
    t = 0
    for r in range(reps):  # jit: compiled
        n, m = X.shape
        t += n * 10 + m
    return t


c = np.zeros(1)
print(with_stores(c, np.ones(300)), c[0])
c = np.zeros(1)
print(loopy_calls(c, 300), c[0])
A = np.array([1 + 2j, 3j])
print(repr(numpy_bools(A, 300)))
z = kinds(np.full(300, -1.0), np.linspace(-1, 1, 300) * (1 - 1j), 298)
print(type(z).__name__, z.real.hex(), z.imag.hex())
print(orbits(np.array([complex(0.1 * k, -0.05 * k) for k in range(300)])))
print(shapes(np.zeros((3, 4), dtype=np.complex128), 300))
try:
    print(shapes(np.zeros(5, dtype=np.complex128), 300))
except ValueError as e:
    print("ValueError", e)
