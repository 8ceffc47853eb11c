# Division's warnings follow IEEE's flags, as numpy's loops read them: a finite
# non-zero number over zero divides by zero, 0 / 0 is invalid, and an inf or NaN over
# zero raises nothing (numpy does not warn for -inf / 0).
import warnings

import numpy as np

warnings.simplefilter("always")
with warnings.catch_warnings(record=True) as seen:
    print(np.array([-np.inf, np.inf, np.nan, 2.0]) / np.array([0.0, -0.0, 0.0, 1.0]))
    print(np.array([1.0, -3.0]) / 0.0)
    print(np.array([0.0, 5.0]) / np.array([0.0, 2.0]))
    print(np.float64(-np.inf) / np.float64(0.0), np.float32(np.nan) / np.float32(0.0))
    print(np.array([np.inf], np.float32) / np.float32(0.0))
for w in seen:
    print(w.category.__name__, w.message)
