import numpy as np
tries = [
    lambda: np.zeros(3, dtype="foo"),
    lambda: np.array([1, 2]).astype("nope"),
    lambda: np.ones(2, dtype="int7"),
    lambda: np.dtype("float7"),
    lambda: np.array([1], dtype="xyz"),
    lambda: np.empty(2, dtype="q9"),
    lambda: np.full(2, 1, dtype="blah"),
    lambda: np.arange(3, dtype="bad"),
]
for f in tries:
    try:
        f()
    except TypeError as e:
        print(type(e).__name__, e)
