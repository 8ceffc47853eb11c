import numpy as np
a = np.arange(12).reshape(3, 4)
m = a % 3 == 0
print(repr(m))
print(repr(a[m]))
rows = np.array([True, False, True])
print(repr(a[rows]), repr(a[rows, 1]), repr(a[rows, 1:3]))
cols = np.array([False, True, True, False])
print(repr(a[:, cols]), repr(a[1, cols]))
b = np.arange(24).reshape(2, 3, 4)
m2 = b[:, :, 0] > 5
print(repr(m2), repr(b[m2]), b[m2].shape)
print(repr(b[b > 20]), repr(b[..., 1][b[..., 1] < 10]))
