import numpy as np
a = np.arange(20).reshape(4, 5)
print(repr(a[[0, 2, 3]]), repr(a[[0, 1], [2, 3]]), repr(a[:, [4, 0]]))
print(repr(a[[[0], [3]], [1, 2]]))
print(repr(a[1:3, [0, -1]]))
print(repr(a[a > 15]), repr(a[np.array([True, False, True, False])]))
idx = np.array([3, 1])
print(repr(a[idx, 2]))
try:
    a[[0, 9]]
except IndexError as e:
    print(type(e).__name__, e)
try:
    a[np.array([True, False])]
except IndexError as e:
    print(type(e).__name__, e)
