import numpy as np
x = np.array([1.0, -1.0, 0.0, np.inf, np.nan])
print(repr(x / 0.0))
print(repr(x / -0.0))
print(repr(x // 0.0))
print(repr(x % 0.0))
print(repr(np.array([1.0], np.float32) / np.float32(0)))
print(repr(1 / np.array([0.0, -0.0])))
print(repr(np.true_divide(np.array([-2.0, 0.0]), np.array([0.0, 0.0]))))
