# float32 innermost loops run four iterations at a time. Every operation is rounded to
# float32 as numpy's float32 scalars do, so results match the interpreter bit for bit;
# lengths that leave 1-3 iterations over, a zero divisor and a float32 overflow
# halfway through go back to the scalar loop at the right iteration.
import numpy as np


def saxpy(a, x, y):
    for i in range(x.shape[0]):  # jit: compiled, vectorised
        y[i] = a * x[i] + y[i]
    return y


for n in (1000, 1001, 1002, 1003, 3):
    i = np.arange(n)
    x = (((i * 7) % 101) / 101.0).astype(np.float32)
    y = (((i * 3) % 37) / 37.0 - 0.5).astype(np.float32)
    y = saxpy(np.float32(2.5), x, y)
    print(n, y.dtype, y.sum(), y[:3], y[-2:])


def dot(a, b):
    s = np.float32(0.0)
    for k in range(a.shape[0]):  # jit: compiled, vectorised
        s += a[k] * b[k] - 0.5
    return s, k


a = (np.arange(999) / 7.0).astype(np.float32)
b = np.sin(np.arange(999.0)).astype(np.float32)
print(dot(a, b))
print(dot(a[:6], b[:6]))


def scaled(a, b, c, d):
    for k in range(a.shape[0]):  # jit: compiled, vectorised, deopts
        c[k] = abs(a[k] / b[k]) + d
    return c


a = np.ones(41, dtype=np.float32)
b = np.arange(1.0, 42.0).astype(np.float32)
print(scaled(a, b, np.zeros(41, dtype=np.float32), np.float32(2)).sum())
b[25] = 0.0
with np.errstate(divide="ignore"):
    print(scaled(a, b, np.zeros(41, dtype=np.float32), np.float32(0.25))[24:28])


def grow(a, out):
    for k in range(a.shape[0]):  # jit: compiled, vectorised, deopts
        out[k] = a[k] * a[k] * 4
    return out


a = np.full(30, 3.0e18, dtype=np.float32)
print(grow(a, np.zeros(30, dtype=np.float32))[:2])
a[17] = 3.0e20
print(grow(a, np.zeros(30, dtype=np.float32))[15:19])


def not_exact(a, out):
    # 0.1 is not a float32: numpy rounds the Python float, the loop stays scalar.
    for k in range(a.shape[0]):  # jit: compiled
        out[k] = a[k] * 0.1
    return out


print(not_exact(np.arange(100, dtype=np.float32), np.zeros(100, dtype=np.float32))[-9:])
