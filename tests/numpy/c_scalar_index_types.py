import numpy as np
for t in [np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64, np.float32, np.float64, np.complex128]:
    a = np.array([1, 0, 3], dtype=t)
    s = a[0]
    print(type(s).__name__, repr(s), str(s), repr(a[-1]), type(a.sum()).__name__, repr(a.max()))
m = np.array([[1.5, -2.0], [3.0, 4.25]])
print(repr(m[1, 0]), repr(m[0][1]), type(m[0]).__name__, repr(m[-1, -1]), repr(m.sum()), repr(m[0].mean()))
print(repr(np.array([1 + 2j, -3.5j])[1]), repr(np.array(5)[()]), type(np.array(5.0)[()]).__name__)
