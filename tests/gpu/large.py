# Arrays past a staging chunk (16 MB): on a GPU their copies go through pinned
# buffers in pieces (backend/gpu/staging.rs); every element must come back right,
# the chunks' seams included.
import numpy as np


def combine(a, b, out):
    for i in range(a.shape[0]):  # gpu: sim moves(2:1)
        out[i] = a[i] * 0.5 + b[i]


n = 4_500_001
a = np.arange(n, dtype=np.float64)
b = np.sin(np.arange(n) * 0.001)
for rep in range(2):
    out = np.zeros(n)
    combine(a, b, out)
    print(out.sum(), out[0], out[2097151], out[2097152], out[n - 1])
    print(bool((out == a * 0.5 + b).all()))
