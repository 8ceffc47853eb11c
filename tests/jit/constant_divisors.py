# Python's `//` and `%` by constants: by a power of two a shift and a mask, by
# another positive constant one division (no zero or overflow check), by a negative
# one the general code; each rounding toward negative infinity, negative dividends,
# numpy integers and the LCG of a Monte Carlo kernel included.
import numpy as np

M = 2147483648


def by_constants(n):
    a = b = c = d = e = f = g = h = 0
    for k in range(-n, n):  # jit: compiled, clean
        x = k * 7919 - 13
        a += x // 8
        b += x % 8
        c += x // 7
        d += x % 7
        e += x // -4
        f += x % -4
        g += x % 1
        h += x // 1
    return a, b, c, d, e, f, g, h


def lcg(seed, n):
    state = seed
    total = 0.0
    for i in range(n):  # jit: compiled, clean
        state = (1103515245 * state + 12345) % M
        total += state / M
    return state, total


def numpy_ints(a, out):
    for i in range(a.shape[0]):  # jit: compiled
        out[i] = a[i] // 16 + a[i] % 16 + a[i] % 10 - a[i] // 10
    return out


print(by_constants(3000))
print(lcg(7, 5000))
a = (np.arange(-500, 500) * 37).astype(np.int32)
print(numpy_ints(a, np.zeros(1000, dtype=np.int32))[::97])
a64 = np.arange(-500, 500, dtype=np.int64) * -9157
print(numpy_ints(a64, np.zeros(1000, dtype=np.int64))[::97])
