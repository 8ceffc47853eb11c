import numpy as np
a = np.zeros((3, 4))
a[1] = 5
a[:, 2] = np.arange(3)
a[0, :2] = [7, 8]
a[2, ::2] += 1
print(repr(a))
b = np.arange(12).reshape(3, 4)
b[b % 2 == 0] = -1
print(repr(b))
b[[0, 2]] = 99
print(repr(b))
c = np.arange(5)
c[1:4] = 2.7
print(repr(c))
try:
    a[0] = [1, 2, 3]
except ValueError as e:
    print(type(e).__name__, e)
v = a[1]
v[0] = -3
print(a[1, 0])
