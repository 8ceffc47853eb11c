import numpy as np
cases = [
    (np.arange(3), np.arange(4)),
    (np.zeros((0,)), np.zeros((2,))),
    (np.arange(5), np.arange(2)),
]
for x, y in cases:
    for op in (np.add, np.multiply, np.less, np.maximum, np.arctan2):
        try:
            op(x, y)
        except ValueError as e:
            print(op.__name__, type(e).__name__, e)
try:
    np.arange(3) - np.arange(2)
except ValueError as e:
    print(type(e).__name__, e)
try:
    np.arange(3) == np.arange(2)
except ValueError as e:
    print(type(e).__name__, e)
try:
    np.arange(3) @ np.arange(2)
except ValueError as e:
    print(type(e).__name__, e)
