import numpy as np
a = np.arange(16).reshape(4, 4)
print(repr(a[[0, 1, 2], 3]), repr(a[[0, 1, 2], [3]]))
print(repr(a[[[0], [1]], [0, 1, 2]]))
print(repr(a[np.array(2), [1, 2]]), repr(a[np.array([1]), np.array(2)]))
print(repr(a[[True, False, True, False], [0, 3]]))
