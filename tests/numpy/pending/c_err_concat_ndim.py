import numpy as np
a = np.zeros((2, 3))
tries = [
    lambda: np.concatenate([a, np.zeros(3)]),
    lambda: np.concatenate([np.zeros(3), a], axis=0),
    lambda: np.hstack([np.zeros((2, 1)), np.zeros(2)]),
    lambda: np.vstack([np.zeros((1, 2, 2)), np.zeros((2, 2))]),
]
for f in tries:
    try:
        f()
    except ValueError as e:
        print(type(e).__name__, e)
