import numpy as np
types = [np.bool_, np.int8, np.uint8, np.int16, np.uint32, np.int64, np.uint64, np.float32, np.float64]
for t1 in types:
    print(np.dtype(t1).name, " ".join((np.array([1], t1) + np.array([1], t2)).dtype.name for t2 in types))
for t in types:
    x = np.array([1], t)
    print(np.dtype(t).name, (x + 1).dtype, (x + 1.0).dtype, (x * True).dtype, (x / 1).dtype, (x // 1).dtype, (x - np.float32(1)).dtype)
