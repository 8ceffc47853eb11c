import numpy as np
print(repr(np.array([1e-5, 1.0])), repr(np.array([1e-4, 1.0])), repr(np.array([1e16, 1.0])), repr(np.array([1e15, 1.0])))
print(repr(np.array([1.0, 1000.0])), repr(np.array([1.0, 1001.0])), repr(np.array([0.5, 1000.0])), repr(np.array([0.1, 100.5])))
print(repr(np.array([1e-10, 1e10])), repr(np.array([1.5e-8, 2.25e-8])), repr(np.array([1e300, -1e-300])))
print(repr(np.array([123456789.0, 0.001])), repr(np.array([1e8, 1e9])), repr(np.array([6.02214076e23])))
print(str(np.array([1e-5, 1.0])), str(np.array([[1e-10, 1.0], [2.0, 3.0]])), repr(np.array([0.0, 1e-20])))
print(repr(np.array([1e17])), repr(np.array([1.25e-7, 0.0, np.nan])), repr(np.array([5e-324, 1.0])))
