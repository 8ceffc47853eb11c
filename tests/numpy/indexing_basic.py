import numpy as np
a = np.arange(24).reshape(2, 3, 4)
print(repr(a[1]), repr(a[-1, -1]), repr(a[0, 1, 2]), repr(a[0][1][2]))
print(repr(a[:, 1:, ::2]), repr(a[..., 1]), repr(a[1, ...]))
print(repr(a[:, None, 0].shape), repr(a[np.newaxis].shape))
print(repr(a[::-1, ::-2, 1]))
print(repr(a[0, :, 3:1:-1]))
v = np.arange(10)
print(repr(v[2:8:3]), repr(v[-3:]), repr(v[:-7:-2]), repr(v[100:]), repr(v[5:2]))
try:
    v[10]
except IndexError as e:
    print(type(e).__name__, e)
try:
    a[0, 0, 0, 0]
except IndexError as e:
    print(type(e).__name__, e)
try:
    a[1.5]
except IndexError as e:
    print(type(e).__name__, e)
