# The warnings of numpy's scalar math and casts, each recorded: `-x` and `abs(x)` of an
# integer scalar that wraps (arrays do not warn), a Python float cast to float32 to
# meet one and overflowing (in arithmetic, comparisons and np.float32()), `**` of a
# negative float to a fractional power, and float-to-integer casts of NaN, infinities
# and out-of-range values (whose results are x86's conversions, as numpy's are).
import warnings

import numpy as np


def show(label, f):
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        try:
            r = repr(f())
        except Exception as e:
            r = type(e).__name__ + ": " + str(e)
    print(label, r, [f"{w.category.__name__}: {w.message}" for w in seen])


show("float64 ** 0.5", lambda: np.float64(-8.0) ** 0.5)
show("float32 ** 0.5", lambda: np.float32(-8.0) ** 0.5)
for t in (np.int8, np.int16, np.int32, np.int64):
    low = np.iinfo(t).min
    show(f"abs({t.__name__} min)", lambda: abs(t(low)))
    show(f"-{t.__name__} min", lambda: -t(low))
    show(f"-{t.__name__} 5", lambda: -t(5))
    show(f"array -{t.__name__} min", lambda: -np.array([low], dtype=t))
for t in (np.uint8, np.uint16, np.uint32, np.uint64):
    show(f"-{t.__name__} 3", lambda: -t(3))
    show(f"-{t.__name__} 0", lambda: -t(0))
    show(f"abs({t.__name__} 3)", lambda: abs(t(3)))
show("float32 < 1e300", lambda: np.float32(1) < 1e300)
show("float32 == -1e300", lambda: np.float32(1) == -1e300)
show("float32 + 1e300", lambda: np.float32(1) + 1e300)
show("float32 array * 1e39", lambda: np.ones(2, dtype=np.float32) * 1e39)
show("float32 + 1e30", lambda: np.float32(1) + 1e30)
show("np.float32(1e300)", lambda: np.float32(1e300))
show("np.float32(inf)", lambda: np.float32(float("inf")))
values = np.array([np.nan, np.inf, -np.inf, 1e20, -1e20, 1e10, -1e10, 3e9, -3e9, 300.7,
                   -300.7, 70000.5, 2.0 ** 63, 2.0 ** 64, -1.0, 1.5e19])
for dt in ["int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"]:
    show(f"float64 -> {dt}", lambda: values.astype(dt).tolist())
    show(f"float32 -> {dt}", lambda: values.astype(np.float32).astype(dt).tolist())
