import numpy as np
print(repr(np.array([-1, 2, -300])), str(np.array([-1, 2, -300])), repr(np.array([[-1, 10], [100, -1000]])))
print(repr(np.array([-1.5, 2.0, -0.25])), repr(np.array([[-1.0, 1.0], [2.5, -12.5]])), str(np.array([-0.5, 0.5])))
print(repr(np.array([-1e-5, 1.0])), repr(np.array([-1e20, 1])), repr(np.array([-np.inf, 0.0, 1.0])))
print(repr(np.array([-5], np.int8)), repr(np.array([[-5, 5]], np.int16)), repr(np.array([-0.0])))
print(repr(np.arange(-3, 3).reshape(2, 3)), repr(np.linspace(-1, 1, 5)))
