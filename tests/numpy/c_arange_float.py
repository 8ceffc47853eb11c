import numpy as np
print(repr(np.arange(0, 1, 0.1)))
print(len(np.arange(0, 1, 0.1)), len(np.arange(1, 1.3, 0.1)), len(np.arange(0, 0.3, 0.1)))
print(repr(np.arange(0.5, 3)), repr(np.arange(3.0)), repr(np.arange(1, 2, 0.5)))
print(repr(np.arange(1.0, 0.0, -0.25)), repr(np.arange(2, -1, -0.5)))
print(repr(np.arange(0, 5, 1.5)), repr(np.arange(-1.5, 1.5, 0.75)))
print(np.arange(0.0, 1.0, 0.25).dtype, np.arange(1, 3, 1.0).dtype, np.arange(2.0, dtype=int).dtype)
print(repr(np.arange(1.0, 1.0, 0.1)), repr(np.arange(0.0, -1.0, 0.1)))
