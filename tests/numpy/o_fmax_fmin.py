import numpy as np
x = np.array([1.0, np.nan, np.inf, -np.inf])
print(repr(np.fmax(x, 0)), repr(np.fmin(x, 0)))
print(repr(np.fmax(np.array([np.nan, 2.0]), np.array([np.nan, np.nan]))), repr(np.fmin(np.nan, 1.0)))
