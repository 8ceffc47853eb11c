import numpy as np
a = np.arange(6)
a.shape = (2, 3)
print(repr(a))
a.shape = (3, -1)
print(a.shape)
a.shape = 6
print(a.shape)
try:
    a.shape = (4, 2)
except ValueError as e:
    print(type(e).__name__, e)
