import numpy as np
a = np.array([[3, 9, 9], [9, 1, 1], [0, 9, 2]])
print(repr(a.argmax()), repr(a.argmin()), repr(a.argmax(axis=0)), repr(a.argmax(axis=1)), repr(a.argmin(axis=-1)))
f = np.array([2.0, np.nan, 5.0, np.nan])
print(repr(f.argmax()), repr(f.argmin()), repr(np.array([-np.inf, np.inf]).argmax()), repr(np.array([-0.0, 0.0]).argmin()))
print(repr(np.array([False, True, True]).argmax()), repr(np.array([True, True]).argmin()))
print(repr(np.arange(24).reshape(2, 3, 4).argmax(axis=1)), repr(np.argmin(np.array([5, 3, 3, 7]))))
print(repr(np.array([[1.5, 0.5]]).argmin(axis=0)), repr(np.argmax(a, axis=-2)), repr(np.argmin(np.array([3, 1], np.uint8))))
try:
    a.argmax(axis=2)
except Exception as e:
    print(type(e).__name__, e)
try:
    np.array([]).argmax()
except ValueError as e:
    print(type(e).__name__, e)
try:
    np.zeros((0, 3)).argmin(axis=0)
except ValueError as e:
    print(type(e).__name__, e)
print(repr(np.zeros((0, 3)).argmin(axis=1)))
