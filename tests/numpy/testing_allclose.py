import numpy as np
import numpy.testing as npt
print(np.allclose([1.0, 2.0], [1.0, 2.0 + 1e-9]), np.allclose([1.0], [1.1]))
print(repr(np.isclose(np.array([1.0, np.nan, np.inf]), np.array([1.0, np.nan, np.inf]))))
print(np.array_equal(np.arange(3), [0, 1, 2]), np.array_equal(np.arange(3), np.arange(4)))
npt.assert_allclose(np.array([1.0, 2.0]), np.array([1.0, 2.0]))
npt.assert_array_equal(np.arange(3), [0, 1, 2])
try:
    npt.assert_array_equal(np.arange(3), [0, 1, 3])
except AssertionError:
    print("AssertionError raised")
try:
    npt.assert_allclose(np.array([1.0]), np.array([2.0]))
except AssertionError:
    print("AssertionError raised")
