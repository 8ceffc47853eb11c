import numpy as np
print(repr(np.array([-8.0]) ** (1 / 3)))
print(repr(np.array([0.0]) ** -1.0))
print(repr(np.array([-2.0]) ** 0.5))
print(repr(np.array([2.0]) ** 2000))
print(repr(np.array([1e200]) ** 2))
