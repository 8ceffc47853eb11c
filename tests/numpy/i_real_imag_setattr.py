import numpy as np
c = np.array([1 + 2j, 3 - 4j, -5j])
c.real = 0
print(repr(c))
c.imag = [1, 2, 3]
print(repr(c))
f = np.array([1.5, 2.5])
f.real = [7, 8]
print(repr(f))
try:
    f.imag = 1
except TypeError as e:
    print(type(e).__name__, e)
