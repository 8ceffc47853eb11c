import numpy as np
a = np.array([[5, 3, 9], [1, 8, 2]])
row = a[1]
row.sort()
print(repr(a))
col = a[:, 0]
col.sort()
print(repr(a))
b = np.arange(10)[::-1].copy()
b[2:7].sort()
print(repr(b))
t = a.T
t.sort(axis=1)
print(repr(a))
s = np.array([3.5, -1.0, 2.0, np.nan, 0.0])
idx = np.argsort(s)
print(repr(idx), repr(s[idx]), repr(np.sort(s)[::-1]))
print(repr(np.sort([[3, 1], [2, 4]], axis=None)), repr(np.argsort([2, 3, 1])), repr(np.sort(np.array([1, 0], np.uint8))))
