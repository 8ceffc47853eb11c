import numpy as np
a = np.arange(6).reshape(2, 3)
print(np.array_equal(a, a.copy()), np.array_equal(a, a.T), np.array_equal(a, a.ravel()), np.array_equal(a, a.astype(float)))
print(np.array_equal([1, 2], [1, 2]), np.array_equal([1, 2], (1, 2)), np.array_equal(np.array([]), []), np.array_equal(1, 1.0))
n = np.array([1.0, np.nan])
print(np.array_equal(n, n), np.array_equal(n, n, equal_nan=True), np.array_equal(np.array([True, False]), [1, 0]))
print(np.array_equal(np.zeros((0, 2)), np.zeros((2, 0))), np.array_equal(np.zeros((0, 2)), np.zeros((0, 2))))
print(type(np.array_equal(a, a)).__name__, np.array_equal([0.0], [-0.0]), np.array_equal(np.array([1], np.int8), np.array([1], np.uint64)))
