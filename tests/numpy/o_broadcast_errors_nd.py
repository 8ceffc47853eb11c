import numpy as np
cases = [
    (np.arange(6).reshape(2, 3), np.arange(6).reshape(3, 2)),
    (np.arange(6).reshape(2, 3), np.arange(2)),
    (np.zeros((2, 3, 4)), np.zeros((3, 3))),
    (np.zeros((2, 1, 3)), np.zeros((4, 2))),
]
for x, y in cases:
    for op in (np.add, np.multiply, np.less):
        try:
            op(x, y)
        except ValueError as e:
            print(op.__name__, type(e).__name__, e)
