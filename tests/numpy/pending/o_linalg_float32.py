import numpy as np
m = np.array([[1, 2], [3, 4]], np.float32)
print(repr(np.linalg.inv(m)), repr(np.linalg.det(m)))
print(repr(np.linalg.solve(m, np.array([1, 1], np.float32))))
