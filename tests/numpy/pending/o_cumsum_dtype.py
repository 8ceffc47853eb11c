import numpy as np
a = np.arange(1, 7).reshape(2, 3)
print(repr(np.cumsum(a, dtype=np.float32)), repr(a.cumsum(axis=0, dtype=np.int8)), repr(a.cumprod(dtype=float)))
print(repr(np.array([100, 100], np.int8).cumsum(dtype=np.int8)), repr(np.cumprod(np.array([True, True]), dtype=np.float64)))
