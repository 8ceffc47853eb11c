import warnings

import numpy as np

warnings.simplefilter("always")
x = np.array([[1.0, np.nan, 3.0], [np.nan, np.nan, np.nan]])
print(repr(np.nansum(x)), repr(np.nansum(x, axis=0)), repr(np.nansum(x, axis=1)), repr(np.nanprod(x)))
print(repr(np.nanmean(np.array([1.0, np.nan, 4.0]))), repr(np.nanmax(np.array([1.0, np.nan, 4.0]))), repr(np.nanmin(np.array([2.0, np.nan, -1.0]))))
print(repr(np.nanmax(x, axis=1)), repr(np.nanmean(x, axis=1)))
print(repr(np.nansum(np.array([1, 2, 3]))), repr(np.nanmax(np.array([3, 1]))))
print(repr(np.flatnonzero(np.array([[0, 1], [2, 0]]))), repr(np.ptp(np.array([[4, 9], [1, 3]]))), repr(np.ptp(np.array([[4, 9], [1, 3]]), axis=0)))
print(repr(np.append(np.array([1, 2]), [3, 4])), repr(np.append(np.array([[1, 2]]), [[3, 4]], axis=0)), repr(np.append(np.eye(2), 5)))
print(repr(np.delete(np.arange(6), [0, 3])), repr(np.delete(np.arange(6).reshape(2, 3), 1, axis=1)), repr(np.delete(np.arange(5), slice(1, 4))), repr(np.delete(np.arange(4), -1)))
print(repr(np.insert(np.array([1, 3, 4]), 1, 2)), repr(np.insert(np.array([1.0, 2.0]), 2, 9)), repr(np.insert(np.array([1, 2]), 0, [7, 8])))
print(repr(np.insert(np.arange(4).reshape(2, 2), 1, 9, axis=0)), repr(np.insert(np.arange(4).reshape(2, 2), 1, 9, axis=1)))
print([repr(p) for p in np.split(np.arange(6), 3)], [repr(p) for p in np.array_split(np.arange(7), 3)], [repr(p) for p in np.split(np.arange(6), [1, 4])])
try:
    np.split(np.arange(5), 2)
except ValueError as e:
    print("ValueError", e)
print(repr(np.dstack(([1, 2], [3, 4]))), repr(np.isin(np.array([[1, 2], [3, 4]]), [2, 3])), repr(np.isin([1, 5], [5], invert=True)))
print(repr(np.logspace(0, 3, 4)), repr(np.logspace(0, 1, 3, base=2.0)))
print(repr(np.interp(2.5, [1, 2, 3], [3, 2, 0])), repr(np.interp([0, 1, 1.5, 2.72, 3.14], [1, 2, 3], [3, 2, 0])), repr(np.interp([0, 4], [1, 2], [5, 6], left=-1, right=99)))
print(repr(np.convolve([1, 2, 3], [0, 1, 0.5])), repr(np.convolve([1, 2, 3], [0, 1, 0.5], "same")), repr(np.convolve([1, 2, 3], [0, 1, 0.5], "valid")), repr(np.convolve([1, 2], [1, 2, 3, 4])))
print(repr(np.trapezoid([1, 2, 3])), repr(np.trapezoid([1, 2, 3], x=[4, 6, 8])), repr(np.trapezoid([1, 2, 3], dx=2)), repr(np.trapezoid(np.arange(6.0).reshape(2, 3), axis=0)))
print(repr(np.kron([1, 10, 100], [5, 6, 7])), repr(np.kron(np.eye(2), np.ones((2, 2)))), repr(np.kron(np.array([[1, 2], [3, 4]]), np.array([[0, 1], [1, 0]]))))
print(repr(np.cross([1, 2, 3], [4, 5, 6])), repr(np.cross([1, 2], [4, 5])), repr(np.cross([1, 2, 0], [4, 5])), repr(np.cross(np.eye(3), np.ones((3, 3)))))
