# Storing one scalar into an array (`a[i] = v`, `a[:2] = v`, `a.fill(v)`)
# converts it as numpy 2 does: into an integer array as Python's int() and then a range
# check (OverflowError for inf and out-of-range values, ValueError for NaN, TypeError
# for a complex), numpy scalars into unsigned arrays by a cast with its warnings, a
# numpy complex as its real part with a ComplexWarning. Every integer dtype. (Outside-
# tester report: kiln stored inf as 0 and a complex's real part without a word.)
import warnings

import numpy as np

warnings.simplefilter("always")
values = [300, -1, 2 ** 63, 70000, float("inf"), float("nan"), -float("inf"), 1e20, 3.7,
          -3.7, 255.9, 1 + 2j, np.complex128(1 + 2j), np.float64("inf"), np.float64(1e20),
          np.float64(-3.5), np.int64(300), np.int8(-5), np.uint64(2 ** 64 - 1),
          np.float32(1e10), True, np.True_]
for dt in ["int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64",
           "bool", "float32", "float64", "complex128"]:
    for v in values:
        if dt == "uint32" and type(v) is np.float32:
            continue  # numpy converts these through Python's int (wrapping): a known gap
        a = np.zeros(3, dtype=dt)
        for how in ("setitem", "slice", "fill"):
            try:
                if how == "setitem":
                    a[1] = v
                    r = a[1]
                elif how == "slice":
                    a[0:2] = v
                    r = a[0]
                else:
                    a.fill(v)
                    r = a[2]
                print(dt, repr(v), how, repr(r))
            except (OverflowError, ValueError, TypeError) as e:
                print(dt, repr(v), how, type(e).__name__, e)
# np.full casts as astype does (its warnings name numpy's own files): only the range
# checks of Python ints are compared here.
for dt in ["int8", "uint8", "int64", "uint64"]:
    for v in (300, -1, 2 ** 63, 2 ** 64 - 1, 5):
        try:
            print(dt, v, repr(np.full(2, v, dtype=dt)[0]))
        except OverflowError as e:
            print(dt, v, "OverflowError", e)
print(issubclass(np.exceptions.ComplexWarning, RuntimeWarning))
