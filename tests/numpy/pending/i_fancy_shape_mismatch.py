import numpy as np
a = np.arange(16).reshape(4, 4)
try:
    a[[0, 1, 2], [0, 1]]
except IndexError as e:
    print(type(e).__name__, repr(str(e)))
try:
    a[[[0, 1]], [[0], [1], [2]], ]
    print("ok")
except IndexError as e:
    print(type(e).__name__, repr(str(e)))
b = np.arange(24).reshape(2, 3, 4)
try:
    b[[0, 1], [0, 1, 2], [0]]
except IndexError as e:
    print(type(e).__name__, repr(str(e)))
try:
    b[[0, 1], :, [0, 1, 2]]
except IndexError as e:
    print(type(e).__name__, repr(str(e)))
