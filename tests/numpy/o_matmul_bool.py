import numpy as np
print(repr(np.array([True, False]) @ np.array([True, True])), repr(np.array([[True]]) @ np.array([[False]])))
print(repr(np.dot(np.array([True, False]), np.array([False, True]))), repr(np.matmul(np.array([[True, True]]), np.array([True, False]))))
