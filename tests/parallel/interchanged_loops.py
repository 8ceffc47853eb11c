# Chunks that run a loop moved innermost (analysis::interchange): the loop whose
# variable is the stored row's last subscript goes below the loops that accumulate, so
# the stores walk rows with unit stride. Every thread count must give the
# interpreter's bits and leave the loop variables as the interpreter does, also where
# an inf turns up in a chunk (the run is undone and goes serially), where an inner
# loop runs no iteration, where the moved loop starts below zero (a subscript that
# wraps), and where the stored array shares its buffer with one the nest reads.
import numpy as np


def fbcorr(imgs, filters, out):
    n_imgs, n_rows, n_cols, n_inputs = imgs.shape
    n_filters, height, width = filters.shape[0], filters.shape[1], filters.shape[2]
    for ii in range(n_imgs):  # tier2: parallel interchanged
        for rr in range(n_rows - height + 1):
            for cc in range(n_cols - width + 1):
                for hh in range(height):
                    for ww in range(width):
                        for jj in range(n_inputs):
                            for ff in range(n_filters):
                                out[ii, ff, rr, cc] += imgs[ii, rr + hh, cc + ww, jj] * filters[ff, hh, ww, jj]
    return out


def matmul(a, b, c):
    k = -1
    for i in range(c.shape[0]):  # tier2: parallel interchanged undone
        for j in range(c.shape[1]):
            for k in range(a.shape[1]):
                c[i, j] = c[i, j] + a[i, k] * b[k, j]
    return c, i, j, k


def shifted(a, b, c, start):
    for i in range(c.shape[0]):  # tier2: serial(negative subscript)
        for j in range(start, c.shape[1]):
            for k in range(a.shape[1]):
                c[i, j] += a[i, k] * b[k, j]
    return c, i, j, k


imgs = (np.arange(4 * 9 * 9 * 2).reshape(4, 9, 9, 2) % 11) / 11.0
filters = (np.arange(3 * 3 * 3 * 2).reshape(3, 3, 3, 2) % 7) / 7.0 - 0.4
out = fbcorr(imgs, filters, np.zeros((4, 3, 7, 7)))
print(out.sum(), out[1, 2, 3, 4], out[3, 0, 6, 6])

a = (np.arange(12 * 7).reshape(12, 7) % 5) / 5.0 - 0.3
b = (np.arange(7 * 9).reshape(7, 9) % 3) / 3.0 + 0.1
c, i, j, k = matmul(a, b, np.ones((12, 9)))
print(c.sum(), c[5, 8], i, j, k)

# An inner loop that runs no iteration: the original order in every chunk.
c, i, j, k = matmul(a[:, :0], b[:0, :], np.ones((12, 9)))
print(c.sum(), i, j, k)

# The moved loop starting below zero: c[i, -2] is c[i, 7], which j = 7 stores too
# (tier 2 keeps this one serial).
c, i, j, k = shifted(a, b, np.ones((12, 9)), -2)
print(c.sum(), c[3, 7], i, j, k)

# An element that overflows in the middle of a chunk: numpy warns once, as the
# interpreter does (the parallel run is undone and the nest runs serially).
big = np.full((12, 7), 1e306)
c, i, j, k = matmul(big, np.full((7, 9), 1e3), np.zeros((12, 9)))
print(c[0, 0], c[11, 8], i, j, k)

# The stored array is a view of the buffer the nest reads: nothing moves.
buf = np.arange(12 * 16, dtype=np.float64).reshape(12, 16) / 100.0
c, i, j, k = matmul(buf[:, :7], b, buf[:, 7:])
print(buf.sum(), i, j, k)
