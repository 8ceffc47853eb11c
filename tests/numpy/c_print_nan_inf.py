import numpy as np
print(repr(np.array([np.nan])), repr(np.array([np.inf, -np.inf])), repr(np.array([1.0, np.nan, 2.0])))
print(repr(np.array([1.5, np.nan, -np.inf])), str(np.array([np.nan, 0.1, np.inf])), repr(np.array([[np.nan, 1], [2, np.inf]])))
print(repr(np.array([np.nan, 1e-10])), repr(np.array([np.inf, 1e10, 1])), repr(np.array(np.nan)), str(np.array(-np.inf)))
print(repr(np.array([np.nan, np.nan])), repr(np.array([-np.nan])), repr(np.float64(np.nan)))
print(repr(np.array([np.nan], np.float32)), repr(np.array([np.inf, 0.5], np.float32)))
