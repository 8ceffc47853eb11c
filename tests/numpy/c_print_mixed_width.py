import numpy as np
print(repr(np.array([1.5, 100.25, -1000.125])), repr(np.array([[1.5, 100.25], [-1000.125, 0.0]])))
print(repr(np.array([1, 22, 333, 4444, -55555])), repr(np.array([[1, 22], [333, -4444]])))
print(repr(np.array([0.001, 0.01, 0.1, 1.0, 10.0, 100.0])), repr(np.array([1.0, 1.1, 1.11, 1.111])))
print(repr(np.array([12345678.5, 0.5])), repr(np.array([0.000123, 0.5])), repr(np.array([[1e5, 2.5e-3], [3.0, 4.0]])))
print(str(np.array([[1, 200], [30, 4]])), str(np.array([[1.5, -20.25], [300.0, 4.0]])))
