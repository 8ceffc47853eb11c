import numpy as np
a = np.array([[2.0, 1.0], [1.0, 3.0]])
print(repr(np.linalg.solve(a, np.array([3.0, 5.0]))), repr(np.linalg.solve(a, np.array([[1.0, 0.0], [0.0, 1.0]]))))
print(repr(np.linalg.inv(a)), repr(np.linalg.inv(a) @ a), repr(np.linalg.det(a)))
b = np.array([[1, 2, 0], [0, 1, 0], [2, 0, 1]])
print(repr(np.linalg.det(b)), repr(np.linalg.inv(b)), repr(np.linalg.solve(b, [1, 2, 3])))
print(repr(np.linalg.det(np.eye(3) * 2)), repr(np.linalg.det(np.array([[0.0, 1.0], [1.0, 0.0]]))), repr(np.linalg.det([[5]])))
print(repr(np.linalg.inv(np.array([[4.0]]))), repr(np.linalg.solve([[2.0]], [4.0])), repr(np.linalg.det(np.array([[1.0, 2.0], [2.0, 4.0]]))))
