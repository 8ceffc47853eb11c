# dft_naive from tests/numba/, at a size where the work outweighs start-up.
# dft_naive: O(n^2) discrete Fourier transform and its inverse with one complex exponential per term, checked by round trip.
# Exercises: @njit, np.zeros(n, dtype=np.complex128), scalar np.exp(-2j * np.pi * k * t / n) of a complex argument, complex accumulation, .real/.imag of complex scalars, results printed rounded.
import numpy as np
from numba import njit


@njit
def dft(x):
    n = x.shape[0]
    X = np.zeros(n, dtype=np.complex128)
    for k in range(n):
        s = 0j
        for t in range(n):
            s += x[t] * np.exp(-2j * np.pi * k * t / n)
        X[k] = s
    return X


@njit
def idft(X):
    n = X.shape[0]
    x = np.zeros(n, dtype=np.complex128)
    for t in range(n):
        s = 0j
        for k in range(n):
            s += X[k] * np.exp(2j * np.pi * k * t / n)
        x[t] = s / n
    return x


@njit
def power_spectrum(X):
    n = X.shape[0]
    p = np.empty(n)
    for k in range(n):
        p[k] = X[k].real * X[k].real + X[k].imag * X[k].imag
    return p


def main():
    n = 1024
    t = np.arange(n)
    x = np.zeros(n, dtype=np.complex128)
    x.real = (t % 8 == 0) * 1.0 + (t % 16 < 4) * 0.5
    x.imag = (t % 5 == 1) * 0.25
    X = dft(x)
    p = power_spectrum(X)
    print(np.round(X[:4].real, 9), np.round(X[:4].imag, 9))
    print(np.round(p[:8], 9))
    print(int(np.argmax(p)), round(float(p.max()), 9))
    y = idft(X)
    print(round(float(np.abs(y - x).max()), 9))
    print(np.round(y[:4].real, 9))
    X2 = dft(y)
    print(round(float(np.abs(X2 - X).max()), 8))
    x3 = np.zeros(n, dtype=np.complex128)
    x3.real = np.where(t < 8, 1.0, 0.0)
    X3 = dft(x3)
    p3 = power_spectrum(X3)
    print(np.round(p3[:6], 9), round(float(power_spectrum(idft(X3)).sum()), 9))


main()
