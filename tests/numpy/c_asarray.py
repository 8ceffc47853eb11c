import numpy as np
a = np.arange(4)
print(np.asarray(a) is a, np.asarray(a, dtype=np.int64) is a)
b = np.asarray(a, dtype=np.float64)
print(b is a, repr(b))
b[0] = 99
print(repr(a))
print(repr(np.asarray([1, 2])), repr(np.asarray((1.5, 2))), repr(np.asarray([[1], [2]], dtype=np.int8)))
c = np.array(a)
c[1] = -5
print(repr(a), repr(c), np.array(a) is a)
print(repr(np.asarray(3)), np.asarray(3).shape, np.asarray(3.0).ndim)
v = a[1:3]
print(np.asarray(v) is v)
