import numpy as np
a = np.arange(6).reshape(2, 3)
print(repr(a.ravel('F')), repr(a.flatten('F')), repr(a.flatten(order='C')), repr(a.ravel(order='C')))
print(repr(np.ravel(a, order='F')), repr(a.T.ravel('A')), repr(a.T.ravel('K')))
