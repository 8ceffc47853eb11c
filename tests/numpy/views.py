import numpy as np
a = np.arange(12).reshape(3, 4)
v = a[1:, ::2]
v[0, 0] = 100
print(a[1, 0], np.shares_memory(a, v), np.shares_memory(a, a.copy()))
t = a.T
t[0, 2] = -5
print(a[2, 0])
r = a.reshape(4, 3)
r[0, 0] = 42
print(a[0, 0])
z = np.arange(6.0)[::-1]
print(z, z.strides)
c = np.array([1 + 2j, 3 - 4j])
print(repr(c.real), repr(c.imag))
