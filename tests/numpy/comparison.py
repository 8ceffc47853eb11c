import numpy as np
a = np.array([1, 5, 3])
b = np.array([2, 5, 1])
print(repr(a < b), repr(a <= b), repr(a == b), repr(a != b), repr(a > 2), repr(2 >= a))
print(repr((a > 1) & (b > 1)), repr((a > 1) | (b > 4)), repr(~(a > 1)), repr((a > 1) ^ (b > 1)))
print(repr(np.logical_and(a > 1, b < 5)), repr(np.logical_not(a > 2)))
print(repr(np.array([1.0, np.nan]) == np.array([1.0, np.nan])))
print(repr(np.maximum(a, b)), repr(np.minimum(a, 2)), repr(np.maximum(np.array([1.0, np.nan]), 0.5)))
print(repr(a & 6), repr(a | 8), repr(a ^ 1), repr(a << 2), repr(a >> 1), repr(~a))
try:
    bool(a > 1)
except ValueError as e:
    print(type(e).__name__, e)
print(bool(np.array([3]) > 2))
