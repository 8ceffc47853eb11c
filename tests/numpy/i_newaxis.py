import numpy as np
a = np.arange(6)
print(np.newaxis is None)
print(repr(a[None]), repr(a[:, None]), repr(a[np.newaxis, :, np.newaxis].shape))
print(repr(a[None, None].shape), repr(a[2:4, None]))
b = a.reshape(2, 3)
print(repr(b[:, None, :].shape), repr(b[None, 1]), repr(b[1, None, 2]))
print(repr(a[:, None] + a[None, :3]))
c = b[:, np.newaxis]
c[1, 0, 2] = 99
print(repr(b), c.strides[1])
