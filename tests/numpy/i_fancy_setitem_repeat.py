import numpy as np
a = np.zeros(4, dtype=int)
a[[0, 0, 0]] = [1, 2, 3]
print(repr(a))
a[[1, 1]] += 5
print(repr(a))
b = np.zeros((2, 2), dtype=int)
b[[0, 0], [1, 1]] = [4, 9]
print(repr(b))
c = np.arange(5)
c[[-1, 4]] = [10, 20]
print(repr(c))
