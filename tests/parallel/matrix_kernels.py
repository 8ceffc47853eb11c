# Loop nests whose outer loop no iteration of another touches: a matrix product, a
# triangular update (syrk: `for j in range(i + 1)`, chunked by work), a 2-d stencil
# into another array, and a Mandelbrot count whose inner loop breaks. No annotation:
# tier 2 finds them parallel, and every thread count gives the interpreter's bits.
import math

import numpy as np


def matmul(a, b, c):
    n, m = c.shape
    for i in range(n):  # tier2: parallel
        for j in range(m):
            s = 0.0
            for k in range(a.shape[1]):
                s += a[i, k] * b[k, j]
            c[i, j] = s
    return c


def syrk(alpha, beta, a, c):
    n = c.shape[0]
    for i in range(n):  # tier2: parallel
        for j in range(i + 1):
            c[i, j] *= beta
            for k in range(a.shape[1]):
                c[i, j] += alpha * a[i, k] * a[j, k]
    return c


def blur(src, dst):
    h, w = src.shape
    for i in range(1, h - 1):  # tier2: parallel
        for j in range(1, w - 1):
            dst[i, j] = 0.2 * (src[i, j] + src[i - 1, j] + src[i + 1, j] + src[i, j - 1] + src[i, j + 1])
    return dst


def mandelbrot(counts, max_iter):
    h, w = counts.shape
    for i in range(h):  # tier2: parallel
        ci = -1.25 + 2.5 * i / h
        for j in range(w):
            cr = -2.0 + 2.75 * j / w
            zr = 0.0
            zi = 0.0
            n = 0
            for _ in range(max_iter):
                if zr * zr + zi * zi > 4.0:
                    break
                zr, zi = zr * zr - zi * zi + cr, 2.0 * zr * zi + ci
                n += 1
            counts[i, j] = n
    return counts


def distances(x, y, out):
    n = x.shape[0]
    for i in range(n):  # tier2: parallel
        total = 0.0
        for j in range(n):
            dx = x[j] - x[i]
            dy = y[j] - y[i]
            total += math.sqrt(dx * dx + dy * dy)
        out[i] = total
    return out


n = 37
a = ((np.arange(n * 29).reshape(n, 29) * 7) % 13 - 6) / 7.0
b = ((np.arange(29 * n).reshape(29, n) * 5) % 11 - 5) / 3.0
for rep in range(3):
    c = matmul(a, b, np.zeros((n, n)))
print(c[0, :4], c[n - 1, -3:], c.sum())

c = ((np.arange(n * n).reshape(n, n) * 3) % 17) / 17.0
for rep in range(3):
    syrk(1.5, 0.5, a, c)
print(c[n - 1, :4], c.sum(), c[0, 1:].sum())

src = np.sin(np.arange(40 * 31).reshape(40, 31) * 0.1)
dst = np.zeros_like(src)
for rep in range(3):
    blur(src, dst)
    src, dst = dst, src
print(src[5, :5], src.sum())

counts = np.zeros((30, 41), dtype=np.int32)
for rep in range(2):
    mandelbrot(counts, 60)
print(counts[15, ::5], counts.sum(), counts.dtype)

x = np.cos(np.arange(300) * 0.37)
y = np.sin(np.arange(300) * 0.11)
out = np.empty(300)
for rep in range(3):
    distances(x, y, out)
print(out[:3], out.sum())
