import warnings
import numpy as np
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    r1 = np.array([]).mean()
    r2 = np.zeros((0, 2)).mean(axis=0)
    r3 = np.array([]).var()
    r4 = np.zeros((2, 0)).std(axis=1)
for x in w:
    print(x.category.__name__, x.message)
print(repr(r1), repr(r2), repr(r3), repr(r4))
