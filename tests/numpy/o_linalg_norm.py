import numpy as np
from numpy.linalg import norm
v = np.array([3.0, -4.0, 0.0, 1.0])
print(repr(norm(v)), repr(norm(v, 1)), repr(norm(v, 2)), repr(norm(v, np.inf)), repr(norm(v, 3)), repr(norm(v[:2], -1)))
m = np.array([[1.0, -2.0], [3.0, 4.0]])
print(repr(norm(m)), repr(norm(m, "fro")), repr(norm(m, 1)), repr(norm(m, np.inf)))
print(repr(norm(m, axis=0)), repr(norm(m, axis=1)), repr(norm(m, axis=-1, keepdims=True)), repr(norm(m, ord=1, axis=1)))
print(repr(norm(m, ord=np.inf, axis=0)), repr(norm(m, axis=(0, 1))), repr(norm(m, keepdims=True)))
print(repr(norm(np.array([1, 2, 2]))), repr(norm(np.array([3, 4], np.float32))), repr(norm(np.array([]))), repr(norm([[3, 4]])))
t = np.arange(8.0).reshape(2, 2, 2)
print(repr(norm(t)), repr(norm(t, axis=2)), repr(norm(t, axis=(1, 2))))
try:
    norm(v, None, 1)
except Exception as e:
    print(type(e).__name__, e)
