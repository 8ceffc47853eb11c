# round() of numpy scalars: a Python int without ndigits (half to even), the scalar's
# own type with them (numpy rounds in that type: float32 stays float32).
import numpy as np

for v in (np.float32(2.5), np.float32(3.5), np.float32(-2.567), np.float64(2.5),
          np.float64(-2.567), np.float64(2.675), np.uint8(3), np.int8(-7), np.int16(-25),
          np.int64(12345), np.uint64(2**40 + 5)):
    for nd in (None, 0, 1, 2, -1):
        r = round(v) if nd is None else round(v, nd)
        print(type(v).__name__, nd, repr(r), type(r).__name__)
for bad in (np.float64("nan"), np.float32("inf")):
    try:
        round(bad)
    except (ValueError, OverflowError) as e:
        print(type(e).__name__, e)
