import numpy as np
for t in [np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64, np.float32, np.float64, np.complex128]:
    a = np.array(1, dtype=t)
    print(repr(a), str(a), a.shape, a.ndim)
print(repr(np.array(-2.5)), str(np.array(1e20)), repr(np.array(1e-7)), repr(np.array(np.nan)), repr(np.array(-np.inf)))
print(repr(np.array(0.1 + 0.2)), str(np.array(1 / 3)), repr(np.array(100.0)), repr(np.array(-7)), repr(np.array(3.0, np.float32)))
