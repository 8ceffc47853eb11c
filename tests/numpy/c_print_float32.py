import numpy as np
print(repr(np.array([0.1, 0.2, 0.3], dtype=np.float32)), str(np.array([0.1, 0.2], dtype=np.float32)))
print(repr(np.array([1, 2], dtype=np.float32)), repr(np.array([1 / 3], dtype=np.float32)), repr(np.array([1e10, 1], dtype=np.float32)))
print(repr(np.array([[1.5, -2.0]], dtype=np.float32)), repr(np.zeros(2, np.float32)), repr(np.array(2.5, np.float32)))
print(repr(np.array([16777216.0, 0.5], dtype=np.float32)), repr(np.array([np.nan, np.inf], dtype=np.float32)))
print(repr(np.array([3.4e38, 1e-30], dtype=np.float32)), repr(np.array([], dtype=np.float32)))
