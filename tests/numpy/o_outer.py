import numpy as np
print(repr(np.outer(np.array([1, 2, 3]), np.array([10, 20]))))
print(repr(np.outer(np.array([0.5, -1.0]), np.array([2, 4, 6]))))
print(repr(np.outer(np.arange(4).reshape(2, 2), np.array([1, -1]))))
print(repr(np.outer([True, False], [True, True])), repr(np.outer(2, np.arange(3))))
print(repr(np.outer(np.array([1, 2], np.int8), np.array([100], np.int8))), repr(np.outer([], [1, 2])))
print(repr(np.multiply.outer(np.arange(3), np.arange(2))), repr(np.add.outer([1, 2], [10, 20, 30])))
print(repr(np.subtract.outer(np.arange(2), np.arange(3))), repr(np.multiply.outer(np.ones((2, 1)), np.ones(3)).shape))
