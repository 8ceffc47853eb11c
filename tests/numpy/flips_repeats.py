import numpy as np

a = np.arange(24).reshape(2, 3, 4)
print(repr(np.flip(a)), repr(np.flip(a, 0)), repr(np.flip(a, -1)), repr(np.flip(a, (0, 2))))
m = np.arange(6.0).reshape(2, 3)
print(repr(np.fliplr(m)), repr(np.flipud(m)), repr(np.flipud(np.arange(4))))
for bad in (lambda: np.fliplr(np.arange(3)), lambda: np.flip(a, 3)):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
print(repr(np.repeat(np.array([1, 2, 3]), 2)), repr(np.repeat(m, 2)))
print(repr(np.repeat(m, 2, axis=0)), repr(np.repeat(m, [1, 0, 3], axis=1)))
print(repr(np.repeat(7, 3)), repr(np.repeat([[1, 2], [3, 4]], [2, 1], axis=0)))
try:
    np.repeat(m, [1, 2], axis=1)
except ValueError as e:
    print("ValueError", e)
print(repr(np.tile(np.array([0, 1, 2]), 2)), repr(np.tile(np.array([0, 1, 2]), (2, 2))))
print(repr(np.tile(m, 2)), repr(np.tile(m, (2, 1))), repr(np.tile(np.array([[1, 2], [3, 4]]), (2, 1, 2))))
print(repr(np.tile(5.0, 3)), repr(np.tile(np.arange(3), 0)))
b = np.zeros((2, 3, 4))
print(np.moveaxis(b, 0, -1).shape, np.moveaxis(b, -1, 0).shape, np.moveaxis(b, [0, 1], [-1, -2]).shape)
