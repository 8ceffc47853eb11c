import numpy as np
a = np.zeros((3, 3), dtype=int)
a[:] = np.array([1, 2, 3])
print(repr(a))
a[:] = np.array([[10], [20], [30]])
print(repr(a))
a[1:, 1:] = np.array([[-1, -2]])
print(repr(a))
a[:, 0] = [4, 5, 6]
a[0, :] = (0, 0, 0)
print(repr(a))
f = np.ones((2, 4))
f[:, ::2] = [[0.5], [0.25]]
print(repr(f))
