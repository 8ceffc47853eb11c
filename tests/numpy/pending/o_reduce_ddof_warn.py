import warnings
import numpy as np
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    r1 = np.array([5.0]).std(ddof=1)
    r2 = np.array([1.0, 2.0]).var(ddof=2)
    r3 = np.array([[1.0, 2.0]]).var(axis=0, ddof=1)
for x in w:
    print(x.category.__name__, x.message)
print(repr(r1), repr(r2), repr(r3))
