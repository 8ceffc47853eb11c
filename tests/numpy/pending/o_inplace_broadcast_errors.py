import numpy as np
a = np.zeros(3)
try:
    a += np.ones((4,))
except ValueError as e:
    print(type(e).__name__, e)
a = np.zeros(3)
try:
    a += np.ones((2, 3))
except ValueError as e:
    print(type(e).__name__, e)
b = np.zeros((2, 1))
try:
    b *= np.arange(3)
except ValueError as e:
    print(type(e).__name__, e)
print(repr(b))
try:
    np.add(np.ones(3), 1, out=np.zeros(4))
except ValueError as e:
    print(type(e).__name__, e)
