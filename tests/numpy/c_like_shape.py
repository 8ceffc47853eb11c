import numpy as np
a = np.arange(6, dtype=np.int16).reshape(2, 3)
f = np.array([1.5, 2.5])
print(repr(np.zeros_like(a, shape=(3,))), repr(np.ones_like(f, shape=(2, 2))))
print(repr(np.full_like(a, 7, shape=(2,))), np.empty_like(f, shape=(1, 3)).shape)
