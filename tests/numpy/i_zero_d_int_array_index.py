import numpy as np
a = np.arange(10, 20)
print(repr(a[np.array(4)]), type(a[np.array(4)]).__name__)
b = a.reshape(2, 5)
print(repr(b[np.array(1), np.array(-1)]), repr(b[np.array(1)]), b[np.array(1)].shape)
print(repr(b[np.array(0), 1:3]), repr(a[np.array(-1, dtype=np.int8)]))
