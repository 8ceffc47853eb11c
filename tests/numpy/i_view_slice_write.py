import numpy as np
a = np.arange(10)
v = a[2:8]
v[:] = 0
print(repr(a))
w = v[::2]
w += 5
print(repr(a), repr(v))
b = np.arange(12).reshape(3, 4)
row = b[1]
row *= 10
col = b[:, 2]
col[:] = -1
print(repr(b))
r = b[::-1, ::-1]
r[0, 0] = 99
print(b[2, 3], b[0, 0])
