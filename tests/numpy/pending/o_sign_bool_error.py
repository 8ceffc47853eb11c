import numpy as np
try:
    np.sign(np.array([True, False]))
except TypeError as e:
    print(type(e).__name__, e)
