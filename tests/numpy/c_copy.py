import numpy as np
a = np.array([[1, 2], [3, 4]])
b = a.copy()
c = np.copy(a)
b[0, 0] = 10
c[1, 1] = 40
print(repr(a), repr(b), repr(c))
v = a[:, 1]
w = v.copy()
w[0] = -1
print(repr(a), repr(w), np.shares_memory(w, v))
f = np.array([1.5, 2.5], dtype=np.float32)
g = f.copy()
print(g.dtype, g is f, np.shares_memory(f, g), np.shares_memory(a, v))
s = np.copy(np.float64(3.5))
print(type(s).__name__, repr(s))
print(repr(np.copy([1, 2, 3])), repr(np.array(a, copy=True)))
