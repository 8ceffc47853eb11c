import numpy as np
a = np.zeros((3, 4), dtype=int)
a[:] = 1
a[1:] = [1, 2, 3, 4]
a[:, :1] = [[7], [8], [9]]
a[::2, ::3] = -1
print(repr(a))
b = np.zeros((2, 3, 2))
b[...] = np.arange(2)
b[0] = np.arange(3)[:, None]
b[1, :, 1] = 5
print(repr(b))
c = np.arange(10)
c[::-2] = np.arange(5)
print(repr(c))
c[7:2] = 100
c[20:] = 100
print(repr(c))
