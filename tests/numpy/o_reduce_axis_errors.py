import numpy as np
a = np.arange(6).reshape(2, 3)
calls = [lambda: a.sum(axis=2), lambda: a.sum(axis=-3), lambda: np.max(a, axis=5), lambda: a.mean(axis=2),
         lambda: a.sum(axis=(0, 0)), lambda: a.sum(axis=(1, -1)), lambda: a.any(axis=(0, 2)), lambda: np.sort(a, axis=2),
         lambda: np.arange(3).sum(axis=1), lambda: a.argmin(axis=-3), lambda: np.cumsum(a, axis=-4), lambda: a.prod(axis=(0, 3))]
for c in calls:
    try:
        c()
    except Exception as e:
        print(type(e).__name__, e, isinstance(e, ValueError), isinstance(e, IndexError), isinstance(e, np.exceptions.AxisError))
try:
    a.sum(axis=1.5)
except TypeError as e:
    print(type(e).__name__, e)
try:
    a.argmax(axis=(0, 1))
except TypeError as e:
    print(type(e).__name__, e)
print(np.exceptions.AxisError.__mro__[1].__name__, np.exceptions.AxisError(3, 2).args)
