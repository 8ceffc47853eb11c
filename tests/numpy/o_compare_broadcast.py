import numpy as np
a = np.arange(6).reshape(2, 3)
print(repr(a > np.array([1, 2, 3])), repr(a == np.array([[0], [4]])), repr(np.array([[1], [4]]) <= a))
print(repr(np.arange(3) < 1.5), repr(np.arange(3) == 1.0), repr(np.array([1.0, 2.0]) != np.array([1, 3])))
print(repr(np.array([True, False]) == 1), repr(np.array([True, False]) > np.array([0.5, -0.5])))
print(repr(np.array([-1], np.int8) < np.array([255], np.uint8)), repr(np.array([2**63], np.uint64) > np.array([-1])))
print(repr(np.equal(a, 2)), repr(np.not_equal(a, 2)), repr(np.less(a, 3)), repr(np.greater_equal(a, 3)))
print((np.zeros((2, 1, 3)) < np.ones((4, 1))).shape, repr(np.array(3) > np.array([1, 5])), repr(np.int64(2) < a))
try:
    np.arange(2) < np.arange(3)
except ValueError as e:
    print(type(e).__name__, e)
