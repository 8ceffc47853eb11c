import numpy as np
print(repr(np.arange(6).reshape(-2, 3)), repr(np.arange(6).reshape(2, -3)), repr(np.arange(4).reshape(-5)))
try:
    np.arange(6).reshape(-2, -1)
except ValueError as e:
    print(type(e).__name__, e)
