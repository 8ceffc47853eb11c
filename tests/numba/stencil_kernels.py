# stencil_kernels: numba stencils as image and signal code writes them: a 3x3 blur with
# a local variable, a Sobel-style gradient on an int image, a weighted 1-D smoother with a
# scalar argument, an explicit neighborhood with cval, and a kernel over two arrays.
# Exercises: @stencil and @stencil(neighborhood=..., cval=...); relative indices with a
# variable offset; int and float outputs; out= given; a stencil called in a Python loop.
import numpy as np
from numba import stencil


@stencil
def blur3(a):  # hot
    s = a[-1, -1] + a[-1, 0] + a[-1, 1] + a[0, -1] + a[0, 0]
    s += a[0, 1] + a[1, -1] + a[1, 0] + a[1, 1]
    return s / 9.0


@stencil
def grad_x(img):  # hot
    return (img[-1, 1] + 2 * img[0, 1] + img[1, 1]) - (img[-1, -1] + 2 * img[0, -1] + img[1, -1])


@stencil
def weighted(x, w):  # hot
    return w * x[-1] + (1.0 - 2.0 * w) * x[0] + w * x[1]


@stencil(neighborhood=((-2, 2),), cval=-1.0)
def window5(x):  # hot
    acc = 0.0
    for k in range(-2, 3):
        acc += x[k]
    return acc / 5.0


@stencil
def mix(a, b):  # hot
    return a[0, 0] * b[0, 1] - a[0, 1] * b[0, 0]


def main():
    img = ((np.arange(64 * 48).reshape(64, 48) * 37) % 101).astype(np.float64) / 8.0
    for it in range(4):
        img = blur3(img)
    print(img[1, 1:6], img[32, 20:24], img[0, :3])
    ints = (np.arange(40 * 30).reshape(40, 30) * 13) % 17
    g = grad_x(ints)
    print(g.dtype, g[1, :8], int(g.sum()))
    x = np.where(np.arange(200) % 9 == 0, 1.0, 0.0)
    for w in (0.25, 0.125, 0.0625):
        x = weighted(x, w)
    print(x[:10], float(x.sum()))
    y = window5(np.arange(30, dtype=np.float64) ** 2 / 16.0)
    print(y[:6], y[-4:])
    a = np.arange(60, dtype=np.float64).reshape(6, 10) / 4.0
    b = np.ones((6, 10)) * 0.5 + a[::-1] / 8.0
    m = mix(a, b)
    print(m[2], m[:, 9])
    out = np.full((6, 10), 7.0)
    mix(a, b, out=out)
    print(out[3])


main()
