import numpy as np
from numpy.testing import assert_allclose
def first(f, *args, **kw):
    try:
        f(*args, **kw)
        print("no error")
    except AssertionError as e:
        lines = str(e).strip().splitlines()
        print(type(e).__name__, "|", lines[0], "|", any("shapes" in l for l in lines))
first(assert_allclose, [1.0], [1.0, 1.0])
first(assert_allclose, np.ones((2, 1)), np.ones((1, 2)))
first(assert_allclose, 1.0, 1.1)
first(assert_allclose, 1.0, 1.1, err_msg="custom")
first(assert_allclose, np.float64(2.0), 2.0)
