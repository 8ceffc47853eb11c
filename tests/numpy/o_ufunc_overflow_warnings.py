import numpy as np
print(repr(np.exp(np.array([1000.0, 1.0]))))
print(repr(np.exp(np.array([100.0], np.float32))))
print(repr(np.cosh(np.array([1000.0]))), repr(np.sinh(np.array([-1000.0]))))
print(repr(np.array([1e308]) * 10))
print(repr(np.array([1e200]) ** 2))
print(repr(np.exp(np.float64(1000))))
print(repr(np.array([1e308]) + 1e308))
print(repr(np.array([1e300]).astype(np.float32)))
