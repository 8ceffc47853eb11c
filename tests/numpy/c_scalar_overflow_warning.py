import numpy as np
import warnings
for f in [lambda: np.uint8(200) + np.uint8(100), lambda: np.int8(127) + np.int8(1), lambda: np.int64(2**62) * 4,
          lambda: np.uint8(0) - np.uint8(1), lambda: np.array([200], np.uint8) + np.array([100], np.uint8)]:
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        r = f()
    print(repr(r), [(x.category.__name__, str(x.message)) for x in w])
