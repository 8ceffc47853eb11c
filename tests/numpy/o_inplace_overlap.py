import numpy as np
a = np.arange(6)
a += a[::-1]
print(repr(a))
b = np.arange(6)
b[1:] += b[:-1]
print(repr(b))
c = np.arange(6)
c[:-1] -= c[1:]
print(repr(c))
d = np.arange(9).reshape(3, 3)
d += d.T
print(repr(d))
e = np.arange(4.0)
e *= e
print(repr(e))
v = np.arange(10)
w = v[::2]
w *= 10
print(repr(v))
