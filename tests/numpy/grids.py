import numpy as np

print(repr(np.mgrid[0:5]), repr(np.mgrid[1:3:0.5]), repr(np.mgrid[-1:1:5j]))
g = np.mgrid[0:3, 0:2]
print(g.shape, repr(g))
h = np.mgrid[0:1:3j, 0:2:0.5]
print(h.shape, h.dtype, repr(h))
o = np.ogrid[0:3, 0:4]
print(type(o).__name__, [x.shape for x in o], repr(o[0]), repr(o[1]))
print(repr(np.ogrid[0:1:4j]))
x, y = np.ogrid[-2:2:5j, -1:1:3j]
print(repr(x * x + y * y))
print(repr(np.searchsorted(np.array([1, 2, 3, 5, 8]), 4)), repr(np.searchsorted([1, 2, 2, 3], [2, 0, 9], side="right")))
print(repr(np.searchsorted(np.array([1.0, 2.0, 2.0, 3.0]), np.array([[2.0, 2.5], [0.0, 3.0]]))))
print(repr(np.bincount(np.array([0, 1, 1, 3, 2, 1, 7]))), repr(np.bincount(np.array([0, 1, 1, 2]), minlength=6)))
print(repr(np.bincount(np.array([0, 1, 1, 2]), weights=np.array([0.5, 1.0, 2.0, -1.0]))))
try:
    np.bincount(np.array([0, -1]))
except ValueError as e:
    print("ValueError", e)
