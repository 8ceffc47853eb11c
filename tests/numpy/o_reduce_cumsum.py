import numpy as np
a = np.arange(1, 7).reshape(2, 3)
print(repr(a.cumsum()), repr(a.cumsum(axis=0)), repr(a.cumsum(axis=1)), repr(np.cumsum(a, axis=-1)), repr(np.cumsum(a, axis=-2)))
print(repr(np.cumprod(a)), repr(a.cumprod(axis=0)))
print(repr(np.array([True, True, False, True]).cumsum()), repr(np.array([100, 100], np.int8).cumsum()))
print(repr(np.array([1.5, np.nan, 1.0]).cumsum()), repr(np.array([1.5, 2.0], np.float32).cumsum()))
print(repr(np.cumsum([])), repr(np.cumsum(np.zeros((0, 2)), axis=0)), repr(np.cumsum(5)))
print(repr(np.arange(8).reshape(2, 2, 2).cumsum(axis=1)), repr(np.cumsum([[1, 2], [3, 4]])))
print(repr(np.add.accumulate(np.array([1, 2, 3]))), repr(np.array([2, 3], np.uint8).cumprod()))
try:
    a.cumsum(axis=2)
except Exception as e:
    print(type(e).__name__, e)
