# Subscripts an innermost loop does not change, written as any sum, difference or
# product of its invariant ints (`filt[m - 1 - u, ...]`, `a[2 * i + 1, j]`,
# `x[k * w - o]`), are computed once before the loop and proven in bounds with the
# rest; one that overflows 64 bits or leaves the axis keeps the loop's checks, and the
# interpreter raises where it does.
import numpy as np


def convolve(image, filt, out):
    m = filt.shape[0]
    for r in range(out.shape[0]):  # jit: compiled
        for c in range(out.shape[1]):
            acc = 0.0
            for u in range(m):
                for v in range(m):
                    acc += image[r + u, c + v] * filt[m - 1 - u, m - 1 - v]
            out[r, c] = acc
    return out


def odd_rows(a, out):
    for i in range(out.shape[0]):  # jit: compiled
        for j in range(a.shape[1]):
            out[i, j] = a[2 * i + 1, j] - a[2 * i, j]
    return out


def blocks(x, w, o, out):
    for k in range(out.shape[0]):  # jit: compiled
        s = 0.0
        for t in range(w):
            s += x[k * w - o + t] * (t + 1)
        out[k] = s
    return out


image = np.sin(np.arange(30 * 27).reshape(30, 27) * 0.1)
filt = np.arange(9).reshape(3, 3) / 9.0
out = np.zeros((28, 25))
for rep in range(3):
    convolve(image, filt, out)
print(out[0, :4], out.sum())

a = np.cos(np.arange(41 * 6).reshape(41, 6) * 0.2)
o = np.zeros((20, 6))
for rep in range(3):
    odd_rows(a, o)
print(o[3], o.sum())
try:
    odd_rows(a, np.zeros((21, 6)))
except IndexError as e:
    print("IndexError:", e)

x = np.arange(100) * 0.5
out = np.zeros(12)
for rep in range(3):
    blocks(x, 8, 0, out)
print(out)
# From the end where negative (k * w - o + t < 0 for k = 0), as Python counts.
blocks(x, 8, 3, out)
print(out)
for w, o in ((2**62, 0), (9, 0), (3, -99)):
    try:
        blocks(x, w, o, np.zeros(12))
    except IndexError as e:
        print("IndexError:", e)
