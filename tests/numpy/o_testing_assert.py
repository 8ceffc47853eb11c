import numpy as np
from numpy.testing import assert_allclose, assert_array_equal, assert_equal, assert_array_almost_equal
assert_allclose([1.0, 2.0], [1.0, 2.0 + 1e-8])
assert_allclose(np.array([1.0, np.nan]), np.array([1.0, np.nan]))
assert_allclose(100.0, 101.0, rtol=0.05)
assert_allclose(np.zeros(3), 1e-9, atol=1e-8)
assert_array_equal(np.array([[1, 2], [3, 4]]), [[1, 2], [3, 4]])
assert_array_equal(np.array([1.0, np.nan]), np.array([1.0, np.nan]))
assert_array_equal(np.arange(3), 0 * np.arange(3) + np.arange(3))
assert_array_equal(np.zeros(3), 0)
assert_equal(np.arange(2), [0, 1])
assert_array_almost_equal([1.0, 2.0], [1.0000001, 2.0])
print(assert_allclose(1, 1), assert_array_equal([], []))
def first(f, *args, **kw):
    try:
        f(*args, **kw)
        print("no error")
    except AssertionError as e:
        lines = str(e).strip().splitlines()
        print(type(e).__name__, "|", lines[0])
first(assert_allclose, [1.0, 2.0], [1.0, 2.1])
first(assert_allclose, np.array([np.nan]), np.array([np.nan]), equal_nan=False)
first(assert_array_equal, np.arange(3), [0, 1, 3])
first(assert_array_equal, np.arange(3), np.arange(4))
first(assert_array_equal, np.array([1.0, np.nan]), np.array([1.0, 2.0]))
first(assert_allclose, np.array([1.0]), np.array([1.1]), err_msg="custom")
first(assert_allclose, [1.0, 2.0], [1.0, 2.1], rtol=0.1)
first(assert_array_equal, [[1, 2]], [[1, 2]])
