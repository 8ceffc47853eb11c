import numpy as np
a = np.zeros(4, dtype=np.int32)
a[:] = [1.9, -1.9, 2.5, 0.1]
print(repr(a))
u = np.zeros(3, dtype=np.uint8)
u[0] = 255
u[1:] = np.array([3.7, 9.2])
print(repr(u))
f = np.zeros(3, dtype=np.float32)
f[:] = [1, 2, 3]
f[0] = 0.1
print(repr(f), f.dtype)
c = np.zeros(2, dtype=complex)
c[0] = 1 + 2j
c[1] = 3
print(repr(c))
bl = np.zeros(3, dtype=bool)
bl[:] = [0, 2, -1]
print(repr(bl))
