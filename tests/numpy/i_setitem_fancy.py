import numpy as np
a = np.zeros(6, dtype=int)
a[[1, 3, -1]] = 5
print(repr(a))
a[[0, 2]] = [10, 20]
print(repr(a))
a[np.array([4, 4, 4])] = [1, 2, 3]
print(repr(a))
b = np.zeros((3, 4), dtype=int)
b[[0, 2], [1, 3]] = [7, 8]
b[[1]] = 3
b[:, [0, -1]] = [[1, 2], [3, 4], [5, 6]]
print(repr(b))
b[np.array([[0], [2]]), np.array([[1, 2]])] = -9
print(repr(b))
