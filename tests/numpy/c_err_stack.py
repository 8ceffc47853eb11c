import numpy as np
tries = [
    lambda: np.stack([np.zeros(2), np.zeros(3)]),
    lambda: np.stack([np.zeros((2, 2)), np.zeros(4)]),
    lambda: np.stack([]),
    lambda: np.stack([np.zeros(2), np.zeros(2)], axis=2),
    lambda: np.vstack([np.zeros(2), np.zeros(3)]),
    lambda: np.hstack([np.zeros((2, 1)), np.zeros((3, 1))]),
    lambda: np.vstack([]),
]
for f in tries:
    try:
        f()
    except (ValueError, np.exceptions.AxisError) as e:
        print(type(e).__name__, e)
