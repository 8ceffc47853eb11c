# The GPU tier on the simulated device: element-wise loops, and the bytes they move.
# `moves(IN:OUT)`: bytes copied in and out in that ratio. In vadd `a` and `b` are read
# only (copied in, never back) and `out` written only (copied back, never in): 2:1.
import numpy as np


def vadd(a, b, out):
    for i in range(a.shape[0]):  # gpu: sim moves(2:1)
        out[i] = a[i] + b[i]
    return out


def saxpy(alpha, x, y):
    # y read and written: copied in and back.
    for i in range(len(x)):  # gpu: sim moves(2:1)
        y[i] = alpha * x[i] + y[i]


def scaled_ints(k, xs, out):
    for i in range(xs.shape[0]):  # gpu: sim moves(1:1)
        out[i] = xs[i] * k - (xs[i] // 3) + xs[i] % 7


a = np.arange(1000.0)
b = np.linspace(0.0, 1.0, 1000)
for rep in range(3):
    out = np.zeros(1000)
    vadd(a, b, out)
    print(out.sum(), out[0], out[999])

x = np.sin(np.arange(500.0))
y = np.cos(np.arange(500.0))
for rep in range(3):
    saxpy(0.5, x, y)
print(y.sum(), y[:3])

xs = np.arange(-300, 300, dtype=np.int64)
for rep in range(3):
    o = np.zeros(600, dtype=np.int64)
    scaled_ints(rep + 2, xs, o)
    print(o.sum(), o[:5])
