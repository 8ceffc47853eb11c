import numpy as np
a = np.arange(12)
for shp in [(5, 3), (7,), (-1, -1), (0,), (13,)]:
    try:
        a.reshape(shp)
    except ValueError as e:
        print(type(e).__name__, e)
try:
    np.zeros((2, 3)).reshape(4, 2)
except ValueError as e:
    print(type(e).__name__, e)
print(np.zeros((0, 3)).reshape(-1, 5).shape)
