# mandelbrot_real: Mandelbrot escape-time counts using real arithmetic (no complex numbers).
# Exercises: nested pixel loops, inner while loop with break-free condition, writing counts[i, j] into an int array.
import numpy as np


def mandel(xs, ys, maxit):
    counts = np.zeros((len(ys), len(xs)), dtype=np.int64)
    for i in range(len(ys)):  # hot
        cy = ys[i]
        for j in range(len(xs)):  # hot
            cx = xs[j]
            zx = zy = 0.0
            it = 0
            while it < maxit and zx * zx + zy * zy <= 4.0:  # hot
                zx, zy = zx * zx - zy * zy + cx, 2.0 * zx * zy + cy
                it += 1
            counts[i, j] = it
    return counts


def main():
    xs = np.linspace(-2.0, 0.6, 56)
    ys = np.linspace(-1.2, 1.2, 50)
    c = mandel(xs, ys, 40)
    print(c[25, ::4])
    print(c[10, 20:36])
    print(int(c.sum()), int((c == 40).sum()))


main()
