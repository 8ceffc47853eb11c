import numpy as np
a = np.arange(10, 15)
print(repr(a[np.array([0, 1, 0, 1, 1], dtype=bool)]), repr(a[np.array([0, 1, 0, 1, 1])]))
print(repr(a[np.array([1, 3], dtype=np.int16)]), repr(a[np.array([-1, -2], dtype=np.int32)]))
print(repr(a[[True, False, True, False, False]]), repr(a[[1, 0, 1, 0, 0]]))
print(repr(a[np.arange(5) % 2 == 0]), repr(a[np.nonzero(a > 11)]), repr(np.nonzero(a > 11)))
print(repr(a[np.where(a < 12)]), repr(np.argwhere(a > 12)))
