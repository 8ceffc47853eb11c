import numpy as np
i = np.array([-15, -5, 5, 15, 25, 1234])
print(repr(np.round(i, -1)), repr(np.round(i, -2)))
print(repr(np.round(np.array([15, 25], np.int8), -1)), repr(np.round(np.int64(17), -1)), repr(np.round(7)))
print(repr(round(np.float64(2.567), 2)), repr(round(np.float32(2.567), 2)))
print(repr(np.round(np.array([0.5 + 1.5j, 2.5 - 0.5j]))))
