import numpy as np

def total(a):
    s = 0
    for i in range(a.shape[0]):  # jit: compiled, deopts
        s += a[i]
    return s

for dtype in [np.float64, np.int32, np.float32, np.uint8, np.int64, np.int16, np.float64]:
    a = (np.arange(300) % 7).astype(dtype)
    r = total(a)
    print(dtype.__name__, r, type(r).__name__)
