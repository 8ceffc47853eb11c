import numpy as np
a = np.arange(12).reshape(3, 4)
i = np.array([[0, 1], [2, 0]])
print(repr(a[i]), a[i].shape)
j = np.array([[3, 2], [1, 0]])
print(repr(a[i, j]))
print(repr(a[i, 0]), repr(a[0, i]))
r = np.array([0, 2])[:, None]
c = np.array([1, 3])[None, :]
print(repr(a[r, c]))
print(repr(a[[2, 0], ::-1]), repr(a[::2, [3, 3, 0]]))
