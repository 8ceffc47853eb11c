import numpy as np
b = np.arange(3)
print(np.expand_dims(b, (0, 2)).shape, np.expand_dims(b, (0, 1)).shape, np.expand_dims(b, (-1, 0)).shape)
print(repr(np.expand_dims(b, (0, -1))))
try:
    np.expand_dims(b, (0, 0))
except ValueError as e:
    print(type(e).__name__, e)
