import numpy as np
a = np.zeros((2, 3))
tries = [
    lambda: np.concatenate([a, np.zeros((2, 2))]),
    lambda: np.concatenate([a, np.zeros((3, 2))], axis=1),
    lambda: np.concatenate([a, a], axis=2),
    lambda: np.concatenate([a, a], axis=-3),
    lambda: np.concatenate([]),
    lambda: np.concatenate([np.array(1), np.array(2)]),
]
for f in tries:
    try:
        f()
    except (ValueError, np.exceptions.AxisError) as e:
        print(type(e).__name__, e)
