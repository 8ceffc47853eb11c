import numpy as np
a = np.arange(6).reshape(2, 3)
print(repr(a.reshape(3, 2, order='F')))
print(repr(np.reshape(a, (3, 2), order='F')))
print(repr(np.arange(6).reshape((2, 3), order='F')))
