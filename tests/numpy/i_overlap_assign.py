import numpy as np
a = np.arange(6)
a[1:] = a[:-1]
print(repr(a))
b = np.arange(6)
b[:-1] = b[1:]
print(repr(b))
c = np.arange(6)
c[::-1] = c
print(repr(c))
d = np.arange(9).reshape(3, 3)
d[:] = d.T
print(repr(d))
e = np.arange(5)
e[[0, 1, 2]] = e[[2, 1, 0]]
print(repr(e))
f = np.arange(6)
f[2:] = f[:4]
print(repr(f))
g = np.arange(6)
g[[1, 2, 3, 4, 5]] = g[:5]
print(repr(g))
h = np.arange(12).reshape(4, 3)
h[1:] = h[:-1]
print(repr(h))
