import numpy as np
x = np.array([-2.0, -0.5, 0.0, 0.5, 2.0, 20.0])
print(repr(np.sinh(x)))
print(repr(np.cosh(x)))
print(repr(np.tanh(x)))
print(repr(np.tanh(np.array([np.inf, -np.inf, 1000.0]))), repr(np.sinh(np.array([np.nan]))))
print(repr(np.sinh(np.array([1], np.int64))), repr(np.tanh(1)), repr(np.tanh(np.array([0.0], np.float32))))
print(repr(np.arcsinh(np.array([0.0, 1.0]))), repr(np.arctanh(np.array([0.5]))), repr(np.arccosh(np.array([2.0]))))
