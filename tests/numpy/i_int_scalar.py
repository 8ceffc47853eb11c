import numpy as np
a = np.arange(10, 16)
for i in [0, 3, 5, -1, -6]:
    x = a[i]
    print(i, repr(x), type(x).__name__)
b = np.array([1.5, 2.5, 3.5])
print(repr(b[1]), repr(b[-1]), type(b[0]).__name__)
c = np.array([True, False])
print(repr(c[0]), repr(c[-1]))
d = np.arange(6).reshape(2, 3)
print(repr(d[1]), repr(d[-1, -1]), repr(d[0, -3]))
print(repr(a[np.int64(2)]), repr(a[np.int32(-2)]), repr(a[np.uint8(1)]))
