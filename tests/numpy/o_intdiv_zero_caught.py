import warnings
import numpy as np
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    r1 = np.arange(4) // 0
    r2 = np.arange(4) % 0
    r3 = np.arange(1, 3) / 0
    r4 = np.arange(3) / 0
    r5 = np.array([0.0]) % 0.0
    r6 = np.array([1.0]) // 0.0
for x in w:
    print(x.category.__name__, x.message, x.lineno)
print(repr(r1), repr(r2), repr(r3), repr(r4), repr(r5), repr(r6))
with warnings.catch_warnings():
    warnings.simplefilter("error")
    try:
        np.array([1]) // 0
    except RuntimeWarning as e:
        print(type(e).__name__, e)
