import numpy as np
print(np.array_equiv([1, 2], [[1, 2], [1, 2]]), np.array_equiv([1, 2], [[1, 2], [1, 3]]), np.array_equiv([1, 2], [1, 2, 3]))
print(np.array_equiv(np.zeros((2, 2)), 0), np.array_equiv([[1], [1]], [1, 1]))
