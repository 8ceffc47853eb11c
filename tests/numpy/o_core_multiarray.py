import warnings
import numpy as np
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    import numpy.core.multiarray as cm
    from numpy.core.multiarray import ndarray
    print(cm.ndarray is np.ndarray)
    print(ndarray is np.ndarray, isinstance(np.arange(3), ndarray), issubclass(type(np.zeros(2)), ndarray))
    print(np.core.multiarray.ndarray is np.ndarray, np.ndarray.__name__, np.ndarray.__module__)
