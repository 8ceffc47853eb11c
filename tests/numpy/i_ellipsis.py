import numpy as np
a = np.arange(24).reshape(2, 3, 4)
print(repr(a[..., 0]), repr(a[0, ...]), repr(a[..., 1, 2]))
print(repr(a[0, ..., 3]), repr(a[...].shape), repr(a[..., :2].shape))
print(repr(a[..., None].shape), repr(a[None, ...].shape), repr(a[0, ..., None, 1]))
print(repr(a[:, ..., ::-1][1]))
b = np.arange(5)
print(repr(b[...]), np.shares_memory(b, b[...]))
try:
    a[..., ...]
except IndexError as e:
    print(type(e).__name__, e)
