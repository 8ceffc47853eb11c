import numpy as np
a = np.arange(10, 20)
print(repr(a[[0, 0, 1]]), repr(a[[9, 0, 5]]), repr(a[[-1, -10, -2]]))
print(repr(a[[]]), a[[]].dtype, a[[]].shape)
print(repr(a[np.array([], dtype=np.intp)]))
print(repr(a[np.array([3, 4], dtype=np.int8)]), repr(a[np.array([1, 2], dtype=np.uint64)]))
b = a[[1, 2, 3]]
b[0] = -1
print(a[1], np.shares_memory(a, b))
print(repr(a[[[1, 2], [3, 4]]]), a[[[1, 2], [3, 4]]].shape)
