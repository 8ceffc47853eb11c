import numpy as np
a = np.arange(12)
try:
    a.reshape(2, -1, 5)
except ValueError as e:
    print(type(e).__name__, e)
try:
    np.reshape(np.arange(6), (4, -1))
except ValueError as e:
    print(type(e).__name__, e)
try:
    a.reshape(-1, 7)
except ValueError as e:
    print(type(e).__name__, e)
