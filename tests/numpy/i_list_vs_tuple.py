import numpy as np
a = np.arange(12).reshape(3, 4)
print(repr(a[(1, 2)]), repr(a[[1, 2]]))
print(repr(a[[0, 1], [1, 2]]), repr(a[([0, 1], [1, 2])]))
print(repr(a[[[0, 1], [1, 2]]]))
print(repr(a[np.array([[0, 1], [1, 2]])].shape))
print(repr(a[(slice(1, 3),)]), repr(a[[True, False, True]]))
