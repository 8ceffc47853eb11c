import numpy as np
tries = [
    lambda: np.arange(0, 10, 0),
    lambda: np.linspace(0, 1, -1),
    lambda: np.eye(2, dtype="foo"),
    lambda: np.zeros((2, 2.0)),
    lambda: np.full((2, 2), 1, dtype="bad"),
    lambda: np.identity(2, dtype="nope"),
]
for f in tries:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
