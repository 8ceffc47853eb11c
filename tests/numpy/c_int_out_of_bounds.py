import numpy as np
tries = [
    lambda: np.array([300], dtype=np.int8),
    lambda: np.full(2, 300, dtype=np.int8),
    lambda: np.uint8(-1),
    lambda: np.int8(128),
    lambda: np.array([-1, 2], dtype=np.uint8),
    lambda: np.uint16(70000),
]
for f in tries:
    try:
        print(repr(f()))
    except OverflowError as e:
        print(type(e).__name__, e)
