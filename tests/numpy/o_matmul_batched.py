import numpy as np
a = np.arange(12).reshape(2, 2, 3)
b = np.arange(6).reshape(3, 2)
print(repr(a @ b))
print(repr(a @ np.array([1, 0, -1])), repr(np.array([1, 1]) @ a))
c = np.arange(8).reshape(2, 2, 2)
print(repr(c @ c), repr(np.matmul(c, np.eye(2))))
print(repr((np.ones((3, 1, 2, 2)) @ np.ones((4, 2, 1))).shape))
print(repr(np.dot(a, b).shape), repr(np.dot(c, c).shape))
