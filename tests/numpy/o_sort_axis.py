import numpy as np
a = np.array([[3, 1, 2], [9, 7, 8], [0, 5, 4]])
print(repr(np.sort(a)), repr(np.sort(a, axis=0)), repr(np.sort(a, axis=-1)), repr(np.sort(a, axis=None)), repr(np.sort(a, axis=-2)))
print(repr(np.argsort(a)), repr(np.argsort(a, axis=0)), repr(np.argsort(a, axis=None)), repr(a.argsort(axis=-2)))
b = a.copy(); b.sort(axis=0); print(repr(b))
c = a.copy(); c.sort(); print(repr(c))
d = a.copy(); r = d.sort(axis=-2); print(r, repr(d))
f = np.array([np.nan, -np.inf, 0.0, np.inf, 1.0])
print(repr(np.sort(f)), repr(np.argsort(f)))
print(repr(np.sort(np.array([True, False, True]))), repr(np.sort(np.array([3, -1], np.int8))), repr(np.sort(np.arange(24).reshape(2, 3, 4)[:, ::-1], axis=1)[1]))
print(repr(-np.sort(-np.array([3, 1, 2]))), repr(np.argsort(np.array([3, 1, 2]))[::-1]), repr(np.sort(np.array([]))))
try:
    a.sort(axis=2)
except Exception as e:
    print(type(e).__name__, e)
try:
    np.argsort(a, axis=-3)
except Exception as e:
    print(type(e).__name__, e)
