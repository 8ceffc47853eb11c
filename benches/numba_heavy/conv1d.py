# conv1d from tests/numba/, at a size where the work outweighs start-up.
# conv1d: 1-D convolution of a signal with short dyadic filters in 'valid' and zero-padded 'same' modes, applied repeatedly.
# Exercises: @njit, inner filter loop with a reversed index, bounds check by if in the 'same' version, repeated application feeding output back as input.
import numpy as np
from numba import njit


@njit
def conv_valid(x, h):
    n, m = x.shape[0], h.shape[0]
    out = np.zeros(n - m + 1)
    for i in range(n - m + 1):
        s = 0.0
        for k in range(m):
            s += h[m - 1 - k] * x[i + k]
        out[i] = s
    return out


@njit
def conv_same(x, h):
    n, m = x.shape[0], h.shape[0]
    half = m // 2
    out = np.zeros(n)
    for i in range(n):
        s = 0.0
        for k in range(m):
            j = i + k - half
            if 0 <= j < n:
                s += h[m - 1 - k] * x[j]
        out[i] = s
    return out


def main():
    n = 200000
    x = ((np.arange(n) * 29) % 31 - 15) / 8.0
    h = np.array([1.0, 4.0, 6.0, 4.0, 1.0]) / 16.0
    d = np.array([-0.5, 0.0, 0.5])
    y = x
    for rep in range(3):
        y = conv_same(y, h)
        print(y[:6], y[n - 4:])
    z = x.copy()
    for rep in range(20):
        z = conv_valid(z, d if rep % 2 else h)
    print(z.shape[0], z[:5])
    print(float(np.abs(z).max()))


main()
