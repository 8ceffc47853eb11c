import numpy as np
print(repr(np.array([255], np.uint8) == -1), repr(np.array([255], np.uint8) < 300), repr(np.array([1], np.int8) > -1000))
print(repr(np.uint8(3) == -1), repr(np.array([0, 5], np.uint8) >= -1))
