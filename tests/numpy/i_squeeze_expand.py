import numpy as np
a = np.zeros((1, 3, 1, 2))
print(a.squeeze().shape, np.squeeze(a).shape, a.squeeze(0).shape, a.squeeze(axis=2).shape)
print(a.squeeze((0, 2)).shape, np.squeeze(a, axis=-2).shape, np.squeeze(np.zeros((1, 1))).shape)
try:
    a.squeeze(1)
except ValueError as e:
    print(type(e).__name__, e)
b = np.arange(3)
print(np.expand_dims(b, 0).shape, np.expand_dims(b, 1).shape, np.expand_dims(b, -1).shape)
print(np.expand_dims(np.zeros((2, 3)), 1).shape, np.expand_dims(np.zeros((2, 3)), -3).shape)
e = np.expand_dims(b, 0)
e[0, 1] = 9
print(repr(b), np.shares_memory(b, np.squeeze(e)))
print(repr(np.squeeze(np.array([[5]]))), np.squeeze(np.array([[5]])).ndim)
