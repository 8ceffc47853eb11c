import numpy as np
tries = [
    lambda: np.array([1], np.uint8) + (-1),
    lambda: np.array([1], np.int8) + 128,
    lambda: np.array([1], np.uint64) + (-1),
    lambda: np.array([1], np.int64) * 2**64,
]
for f in tries:
    try:
        print(repr(f()))
    except OverflowError as e:
        print(type(e).__name__, e)
print(repr(np.array([1], np.uint8) + 255), repr(np.array([-100], np.int8) - 100), repr(np.array([-1]).astype(np.uint8)))
