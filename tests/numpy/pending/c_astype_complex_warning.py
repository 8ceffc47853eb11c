import numpy as np
import warnings
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    r = np.array([1 + 2j, -3.5 + 1j]).astype(float)
    print(repr(r), [(x.category.__name__, str(x.message)) for x in w])
print(np.exceptions.ComplexWarning.__name__, issubclass(np.exceptions.ComplexWarning, RuntimeWarning))
