# complex_conj: cross-spectrum, complex inner products and phase rotation on complex arrays with exact dyadic parts.
# Exercises: @njit, np.conj and .conjugate() on complex scalars and arrays, .real/.imag of arrays, abs of complex, complex array arithmetic with no loop, complex128 accumulators.
import numpy as np
from numba import njit


@njit
def inner(a, b):  # hot
    s = 0j
    for i in range(a.shape[0]):  # hot
        s += a[i].conjugate() * b[i]
    return s


@njit
def cross_spectrum(a, b):
    return a * np.conj(b)


@njit
def rotate(z, steps):
    w = 0.0 + 1.0j
    out = z.copy()
    for s in range(steps):
        for i in range(out.shape[0]):  # hot
            out[i] = out[i] * w
    return out


@njit
def norms(z):
    n1 = 0.0
    n2 = 0.0
    for i in range(z.shape[0]):  # hot
        n1 += abs(z[i])
        n2 += (z[i] * np.conj(z[i])).real
    return n1, n2


def main():
    n = 48
    k = np.arange(n)
    a = ((k % 7) - 3) / 4.0 + 1j * ((k % 5) - 2) / 8.0
    b = ((k % 3) - 1) / 2.0 - 1j * ((k % 11) - 5) / 16.0
    vals = np.zeros(24, dtype=np.complex128)
    for s in range(24):
        vals[s] = inner(a, np.roll(b, s))
    print(vals[:4])
    print(vals.real.max(), vals.imag.min())
    for s in (0, 5, 11):
        cs = cross_spectrum(a, np.roll(b, s))
        print(cs[:3], cs.real.sum(), cs.imag.sum())
    for steps in (1, 4, 7):
        r = rotate(a, steps)
        print(r[:4])
    print(np.array_equal(r, a * (-1j)), np.array_equal(r.conjugate(), np.conj(a) * 1j))
    for z in (a, b, a + b):
        n1, n2 = norms(z)
        print(round(n1, 9), n2)
    print(abs(inner(a, a)), inner(b, a))


main()
