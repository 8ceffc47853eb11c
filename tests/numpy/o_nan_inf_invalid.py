import numpy as np
nan, inf = np.nan, np.inf
x = np.array([1.0, nan, inf, -inf])
print(repr(x * 0))
print(repr(x - x))
print(repr(np.array([inf]) + np.array([-inf])))
print(repr(np.array([inf]) * np.array([0.0])))
print(repr(np.array([inf]) / np.array([inf])))
print(repr(np.array([inf]) % 2))
print(repr(np.array([inf]) // 2))
