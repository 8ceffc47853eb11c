# complex_vectorize: complex-valued ufuncs: a phase rotation with an explicit complex signature and a lazily typed squared-modulus ufunc, on complex arrays.
# Exercises: @vectorize(["complex128(complex128, float64)"]) with scalar np.exp(1j * theta); bare @vectorize on complex128 input returning float; z.real, z.imag, z.conjugate() inside ufuncs; complex arrays from np.zeros(n, dtype=np.complex128).
import numpy as np
from numba import vectorize


@vectorize(["complex128(complex128, float64)"])
def rotate(z, theta):  # hot
    return z * np.exp(1j * theta)


@vectorize
def modulus2(z):  # hot
    return (z * z.conjugate()).real


@vectorize(["float64(complex128)"])
def quadrant_angle(z):  # hot
    if z.real >= 0.0 and z.imag >= 0.0:
        return 0.0
    if z.real < 0.0 and z.imag >= 0.0:
        return 1.0
    if z.real < 0.0:
        return 2.0
    return 3.0


def main():
    n = 32
    z = np.zeros(n, dtype=np.complex128)
    z.real = (np.arange(n) % 5 - 2) / 2.0
    z.imag = (np.arange(n) % 3 - 1) / 4.0
    m = modulus2(z)
    print(m[:10], m.sum())
    r = rotate(z, 0.5)
    print(np.round(r[:4], 12))
    back = rotate(r, -0.5)
    print(round(float(np.abs(back - z).max()), 12))
    print(np.round(modulus2(r)[:6], 12))
    print(quadrant_angle(z)[:12])
    print(quadrant_angle(rotate(z, 0.75))[:12])


main()
