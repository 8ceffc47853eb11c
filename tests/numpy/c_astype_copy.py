import numpy as np
a = np.arange(3)
print(a.astype(a.dtype) is a, a.astype(a.dtype, copy=False) is a, a.astype(float, copy=False) is a)
print(repr(a.astype(np.int8, copy=False)), a.astype("i8", copy=False) is a)
