import numpy as np
tries = [
    lambda: np.zeros(-1),
    lambda: np.ones((2, -1)),
    lambda: np.empty(-3),
    lambda: np.full((-2, 2), 0),
    lambda: np.zeros((3, -5, 2)),
    lambda: np.eye(-1),
    lambda: np.identity(-2),
    lambda: np.eye(2, -1),
]
for f in tries:
    try:
        f()
    except ValueError as e:
        print(type(e).__name__, e)
