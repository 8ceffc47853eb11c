import numpy as np
tries = [
    lambda: np.zeros(3.0),
    lambda: np.ones(2.5),
    lambda: np.linspace(0, 1, 2.5),
    lambda: np.zeros((2, 2.0)),
]
for f in tries:
    try:
        print(repr(f()))
    except TypeError as e:
        print(type(e).__name__, e)
