# env: KILN_GPU_MEM_LIMIT=1M
# Nests whose footprint does not fit the device (`backend::gpu::tiles`): with a
# 1 MiB device, the outer loop's iterations run in tiles whose footprints fit half of
# it, each tile copied in, launched and copied back in turn; results as the CPU's.
# `tiles(N)`: an entry was cut into at least N tiles.
import numpy as np


def vadd(a, b, out):
    # 3 x 1.6 MB: about ten tiles of 512 KiB.
    for i in range(a.shape[0]):  # gpu: sim tiles(8) moves(2:1)
        out[i] = a[i] + b[i]


def row_sums(m, out, k):
    # A 2-d nest: rows of m per tile; `total` a reduction (of Python ints) combined
    # across tiles in their order.
    total = 0
    for i in range(m.shape[0]):  # gpu: sim tiles(2)
        s = 0
        for j in range(m.shape[1]):
            s += int(m[i, j]) * k
        out[i] = s
        total += s
    return total


def late_divide(x, d):
    # In place, and a zero divisor in the last tile: the earlier tiles' copies back
    # are undone before the CPU tiers run the nest from its start (else they would
    # halve those elements twice), raising where the interpreter does with the
    # elements before it stored.
    for i in range(x.shape[0]):  # gpu: failed tiles(2)
        x[i] = int(x[i]) // int(d[i])


n = 200_000
a = np.arange(n, dtype=np.float64)
b = np.linspace(0.0, 1.0, n)
for rep in range(3):
    out = np.zeros(n)
    vadd(a, b, out)
    print(out.sum(), out[0], out[n - 1])

m = (np.arange(400 * 300, dtype=np.int64).reshape(400, 300) % 13) - 6
for rep in range(3):
    rows = np.zeros(400, dtype=np.int64)
    print(row_sums(m, rows, rep + 1), rows[:4], rows[-3:])

for rep in range(3):
    x = np.arange(150_000, dtype=np.int64) * 7
    d = np.ones(150_000, dtype=np.int64) * 2
    if rep == 2:
        d[149_000] = 0
    try:
        late_divide(x, d)
        print("divided", x.sum())
    except ZeroDivisionError as e:
        print("ZeroDivisionError", e, x[148_995:149_005].tolist(), x.sum())
