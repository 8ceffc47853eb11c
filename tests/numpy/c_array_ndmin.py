import numpy as np
print(repr(np.array([1, 2], ndmin=2)), np.array([1, 2], ndmin=3).shape, np.array(5, ndmin=1).shape)
print(repr(np.array([[1, 2]], ndmin=1)), np.array([], ndmin=2).shape, repr(np.array(2.5, ndmin=2)))
print(np.atleast_1d(3).shape, np.atleast_2d([1, 2]).shape, np.atleast_2d(np.ones((2, 2))).shape)
