import numpy as np
a = np.arange(24).reshape(2, 3, 4)
print(repr(a))
print(a)
print(repr(a / 4))
print(repr(np.arange(8, dtype=np.int8).reshape(2, 2, 2) - 4))
print(str(np.ones((1, 1, 3))), repr(np.zeros((2, 1, 1), bool)))
print(repr(np.arange(16).reshape(2, 2, 2, 2)))
