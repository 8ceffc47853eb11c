import numpy as np
print(repr(np.array([True, False]) ** 2))
print(repr(np.power(np.array([True, False]), True)))
print(repr(np.array([True]) ** np.array([True])))
