import numpy as np
tries = [
    lambda: np.array([[1, 2], [3]]),
    lambda: np.array([[1], [2, 3]]),
    lambda: np.array([1, [2, 3]]),
    lambda: np.array([[[1, 2], [3, 4]], [[5, 6], [7]]]),
    lambda: np.array([[1, 2], [3, 4], [5]], dtype=float),
    lambda: np.asarray([[1.0], []]),
]
for f in tries:
    try:
        f()
    except ValueError as e:
        print(type(e).__name__, e)
