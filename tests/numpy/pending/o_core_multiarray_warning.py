import warnings
import numpy as np
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    from numpy.core.multiarray import ndarray
    print(ndarray is np.ndarray)
for x in w:
    print(x.category.__name__, str(x.message).split(". ")[0])
