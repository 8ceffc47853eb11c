import numpy as np
a = np.arange(6.0).reshape(2, 3)
b = np.arange(12.0).reshape(3, 4)
print(repr(a @ b), repr(np.dot(a, b)), repr(a.dot(b)), repr(np.matmul(a, b[:, 0])))
print(repr(np.dot(np.arange(3), np.arange(3))), repr(np.arange(4).reshape(2, 2) @ np.arange(4).reshape(2, 2)))
print(repr(np.outer(np.arange(3), np.arange(2))))
m = np.array([[4.0, 3.0], [6.0, 3.0]])
print(repr(np.linalg.det(np.array([[1.0, 2.0], [3.0, 4.0]]))), repr(np.linalg.solve(m, np.array([10.0, 12.0]))))
print(repr(np.linalg.inv(np.array([[2.0, 0.0], [0.0, 4.0]]))), repr(np.linalg.norm(np.array([3.0, 4.0]))))
print(repr(np.linalg.norm(np.arange(4.0).reshape(2, 2))))
try:
    a @ a
except ValueError as e:
    print(type(e).__name__, e)
