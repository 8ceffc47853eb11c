import numpy as np
a = np.arange(10)
try:
    a[a % 2 == 1] = [1, 2, 3]
except ValueError as e:
    print(type(e).__name__, e)
b = np.arange(6).reshape(2, 3)
try:
    b[b > 1] = [1, 2]
except ValueError as e:
    print(type(e).__name__, e)
try:
    b[np.array([True, False])] = [1, 2]
except ValueError as e:
    print(type(e).__name__, e)
b[b > 3] = [40, 50]
print(repr(b))
