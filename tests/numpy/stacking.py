import numpy as np
a = np.arange(6).reshape(2, 3)
b = np.arange(6, 12).reshape(2, 3)
print(repr(np.concatenate([a, b])), repr(np.concatenate([a, b], axis=1)))
print(repr(np.stack([a, b])), repr(np.stack([a, b], axis=2).shape))
print(repr(np.vstack([np.arange(3), np.arange(3)])), repr(np.hstack([np.arange(2), np.arange(3)])))
print(repr(np.concatenate([np.arange(2), np.array([0.5])])))
try:
    np.concatenate([a, np.arange(4).reshape(2, 2)])
except ValueError as e:
    print(type(e).__name__, e)
