# float32 and int32 arrays on the device: float32 arithmetic rounds to float32 as
# numpy's does (a Python float meeting a float32 is cast to one, NEP 50), and an int
# stored into an int32 element out of its range fails there, so that the CPU raises
# numpy's OverflowError.
import numpy as np


def saxpy(a, x, y):
    for i in range(x.shape[0]):  # gpu: sim moves(2:1)
        y[i] = a * x[i] + y[i]


def scaled(x, out, k):
    for i in range(x.shape[0]):  # gpu: sim
        for j in range(x.shape[1]):
            v = x[i, j] * 0.1 - k
            out[i, j] = v / 3.0 if v > 0.5 else v * v


def counts(n, out, limit):
    for i in range(out.shape[0]):  # gpu: sim
        for j in range(out.shape[1]):
            c = 0
            for k in range(i + j):
                c += k * limit
            out[i, j] = c


x = (np.arange(300) / 7.0).astype(np.float32)
for rep in range(3):
    y = np.ones(300, dtype=np.float32)
    saxpy(np.float32(2.5), x, y)
    print(y.dtype, y.sum(), y[:3].tolist())

x2 = np.arange(120, dtype=np.float32).reshape(10, 12)
for rep in range(3):
    out = np.zeros((10, 12), dtype=np.float32)
    scaled(x2, out, 0.3 * rep)
    print(out.sum(), out[9, 11], out[0, 1])

for rep in range(3):
    o = np.zeros((8, 9), dtype=np.int32)
    try:
        counts(8, o, 1 if rep < 2 else 10**8)
    except OverflowError as e:
        print("OverflowError", e)
    print(o.sum(), o[7, 8])


# A Python float too large for float32 meeting a float32 element: numpy casts it
# (NEP 50) and warns "overflow encountered in cast", so the kernel fails there and
# the CPU tiers run the entry.
def widen(x, out, big):
    for i in range(x.shape[0]):  # gpu: sim failed
        out[i] += big * x[i]


for rep in range(3):
    o = np.ones(200, dtype=np.float32)
    widen([0.5, 2.0, 1.0][rep] * np.ones(200, dtype=np.float32), o, 1e10 if rep < 2 else 1e300)
    print(o.dtype, float(o[100]), int(np.isinf(o).sum()))
