import numpy as np
a = np.arange(6).reshape(2, 3)
print(repr(np.where(a > 2, a, -a)), repr(np.where(a % 2 == 0, 0, 1.5)), repr(np.where([True, False], 1, 2)))
print(repr(np.where(np.array([[True], [False]]), np.array([1, 2, 3]), np.array([[10], [20]]))))
print(repr(np.where(a > 2)), repr(np.where(np.array([0, 3, 0, 4]))), repr(np.where(np.array([False]), 1, 2.0)))
print(repr(np.where(np.array([True, False]), np.array([1, 2], np.int8), np.array([3, 4], np.int16))))
print(repr(np.clip(a, 1, 4)), repr(np.clip(a, None, 2)), repr(np.clip(a, 3, None)), repr(a.clip(2, 3)))
print(repr(np.clip(np.array([-1.5, 0.5, 2.5]), 0, 1)), repr(np.clip(a, np.array([0, 2, 4]), 4)))
print(repr(np.clip(np.array([1, 5, 9]), 2.5, 7.5)), repr(np.clip(np.array([np.nan, 3.0]), 0, 1)))
print(repr(np.clip(a, 4, 1)), repr(np.clip(np.array([1, 200], np.uint8), 5, 100)))
try:
    np.where(np.array([True, False]), np.arange(3), 0)
except ValueError as e:
    print(type(e).__name__, e)
