"""fbcorr: filter-bank correlation of a batch of multi-channel images (4-D arrays).

ALPyNA's benchmark 12, after the Numba benchmark of that name (16x8x256x256 to
16x16x1Kx1K there): seven loops (image, output row, output column, filter row, filter
column, channel, filter), four of them parallel. n is the side of each image; the
batch is 2 images of 3 channels correlated with 4 filters of 5 x 5.
"""

import sys
import time

import numpy as np

# Sizes (benches/run.py): TINY_N for the test suite, TABLE_N for the default table
# (about 0.4 s under CPython), LARGE_N for --size large (Numba warm about 10-40 ms).
TINY_N = 8
TABLE_N = 26
LARGE_N = 112
# TILED_N: tests/gpu.rs runs it there on a simulated device of 1 MiB (TILED_CAP),
# which its footprint does not fit: in tiles.
TILED_N = 120
IMAGES = 2
CHANNELS = 3
FILTERS = 4
SIDE = 5


def inputs(n):
    b = np.arange(IMAGES).reshape(IMAGES, 1, 1, 1)
    r = np.arange(n).reshape(1, n, 1, 1)
    c = np.arange(n).reshape(1, 1, n, 1)
    ch = np.arange(CHANNELS).reshape(1, 1, 1, CHANNELS)
    imgs = ((b * 5 + r * 3 + c * 7 + ch * 11) % 23) / 23.0
    f = np.arange(FILTERS).reshape(FILTERS, 1, 1, 1)
    u = np.arange(SIDE).reshape(1, SIDE, 1, 1)
    v = np.arange(SIDE).reshape(1, 1, SIDE, 1)
    filters = ((f * 3 + u * 5 + v + ch * 2) % 13) / 13.0 - 0.5
    out = np.zeros((IMAGES, FILTERS, n - SIDE + 1, n - SIDE + 1))
    return imgs, filters, out


def fbcorr(imgs, filters, out):
    n_imgs = imgs.shape[0]
    n_rows = imgs.shape[1]
    n_cols = imgs.shape[2]
    n_inputs = imgs.shape[3]
    n_filters = filters.shape[0]
    height = filters.shape[1]
    width = filters.shape[2]
    for ii in range(n_imgs):
        for rr in range(n_rows - height + 1):
            for cc in range(n_cols - width + 1):
                for hh in range(height):
                    for ww in range(width):
                        for jj in range(n_inputs):
                            for ff in range(n_filters):
                                out[ii, ff, rr, cc] += imgs[ii, rr + hh, cc + ww, jj] * filters[ff, hh, ww, jj]
    return out


def checksum(out):
    return float(out.sum()) + float(out[:, ::3].sum()) + float(out[:, :, ::3].sum())


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = fbcorr(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
