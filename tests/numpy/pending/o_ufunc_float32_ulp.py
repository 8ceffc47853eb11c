import numpy as np
print(repr(np.sin(np.array([1.0], np.float32))))
print(repr(np.cos(np.float32(2))))
print(repr(np.cosh(np.array([1.0], np.float32))))
print(repr(np.tanh(np.array([0.5], np.float32))))
