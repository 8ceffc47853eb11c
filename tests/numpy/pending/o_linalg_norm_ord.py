import numpy as np
from numpy.linalg import norm
v = np.array([3.0, -4.0, 0.0, 1.0])
m = np.array([[1.0, -2.0], [3.0, 4.0]])
print(repr(norm(v, -np.inf)), repr(norm(np.array([5.0, 7.0]), -np.inf)), repr(norm(m, -np.inf, axis=1)), repr(norm(v, 0)), repr(norm(m, -1)), repr(norm(m, -np.inf)))
print(repr(norm(m, 2)), repr(norm(m, -2)), repr(norm(m, "nuc")))
for args in [(m, "fro", 0), (v, "fro", None), (m, 3, None), (v, "nuc", None)]:
    try:
        print(repr(norm(args[0], args[1], args[2])))
    except Exception as e:
        print(type(e).__name__, e)
