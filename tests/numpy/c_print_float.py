import numpy as np
print(repr(np.array([1.0, 2.0, 3.0])), repr(np.array([0.5, 1.25])), repr(np.array([1.0, 2.5, 10.0])))
print(repr(np.array([0.1, 0.2, 0.3])), repr(np.array([1 / 3, 2 / 3])), repr(np.array([100.0, 0.001])))
print(repr(np.array([123456.789, 1.5])), repr(np.array([0.0, -0.0])), repr(np.array([1e3, 1e4, 1e5])))
print(str(np.array([1.0, 2.5])), str(np.array([0.125, 10.5, 100.0])), str(np.array([1.23456789012])))
print(repr(np.array([[1.0, 2.5], [-3.25, 4.0]])), str(np.array([[1.0, 2.5], [-3.25, 4.0]])))
print(repr(np.array([3.14159265358979, 2.718281828])), repr(np.array([1e15, 1.0])), repr(np.array([99999999.0])))
