# round() of numpy scalars in compiled loops gives what the interpreter gives: a Python
# int without ndigits (half to even), for float32, float64 and integer elements alike
# (the interpreter raised TypeError for float32 and returned np.uint8 for uint8).
import numpy as np


def rounded(a):
    total = 0
    kinds = set()
    for i in range(a.shape[0]):  # jit: compiled
        r = round(a[i])
        total += r
    kinds.add(type(r).__name__)
    return total, r, kinds


for dtype in (np.float32, np.float64, np.uint8, np.int8, np.int32):
    a = (np.arange(200) % 9 - 2).astype(dtype)
    if a.dtype.kind == "f":
        a = a + np.array(0.5, dtype=dtype)
    print(dtype.__name__, rounded(a))


def round_bools(a):
    total = 0
    for i in range(a.shape[0]):  # jit: compiled
        total += round(i % 3 == 0) + round(float(a[i]) > 0)
    return total


def round_numpy_bool(a):
    total = 0
    for i in range(a.shape[0]):
        total += round(a[i])  # numpy: TypeError for a numpy bool, so never compiled
    return total


print(round_bools(np.arange(-50, 150.0)))
try:
    round_numpy_bool(np.ones(200, dtype=bool))
except TypeError:
    print("round() of a numpy bool: TypeError")
