import numpy as np
print(repr(np.arange(0)), repr(np.arange(1)), repr(np.arange(-3)))
print(repr(np.arange(2, 9)), repr(np.arange(2, 9, 3)), repr(np.arange(9, 2, -3)))
print(repr(np.arange(-5, 5, 2)), repr(np.arange(5, -5, -2)), repr(np.arange(0, -4, -1)))
print(repr(np.arange(3, 3)), repr(np.arange(5, 1)), repr(np.arange(1, 5, -1)))
print(repr(np.arange(5, dtype=np.uint8)), repr(np.arange(4, dtype=float)), repr(np.arange(3, dtype=np.int8)))
print(np.arange(10).dtype, np.arange(10).shape, np.arange(1, 100, 7).size)
