import numpy as np
a = np.zeros(5, dtype=np.int64)
a[0] = 7
a[-1] = -2
a[2] = 3.9
a[np.int64(3)] = True
print(repr(a))
b = np.zeros((2, 3))
b[1, 2] = 5
b[0] = 1.5
b[-1, 0] = np.float32(2.5)
b[1][1] = 9
print(repr(b))
c = np.array([True, False, True])
c[1] = 5
c[0] = 0
print(repr(c))
