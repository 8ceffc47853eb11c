"""numpy.testing: the assertions numeric test suites use."""

import numpy as np


def _fail(header, a, b, detail):
    raise AssertionError("\n%s\n\n%s\n x: %s\n y: %s" % (header, detail, repr(a), repr(b)))


def assert_array_equal(actual, desired, err_msg=""):
    a = np.asarray(actual)
    b = np.asarray(desired)
    if a.shape != b.shape and a.size != 1 and b.size != 1:
        _fail("Arrays are not equal", a, b, "(shapes %s, %s mismatch)" % (a.shape, b.shape))
    eq = np.logical_or(np.equal(a, b), np.logical_and(np.isnan(a), np.isnan(b))) \
        if a.dtype.kind in "fc" or b.dtype.kind in "fc" else np.equal(a, b)
    if not np.all(eq):
        bad = int(np.logical_not(eq).sum())
        total = eq.size
        _fail("Arrays are not equal" + (("\n" + err_msg) if err_msg else ""), a, b,
              "Mismatched elements: %d / %d (%.3g%%)" % (bad, total, 100.0 * bad / total))


def assert_allclose(actual, desired, rtol=1e-07, atol=0, equal_nan=True, err_msg=""):
    a = np.asarray(actual)
    b = np.asarray(desired)
    if a.shape != b.shape and a.size != 1 and b.size != 1:
        _fail("Not equal to tolerance rtol=%g, atol=%g" % (rtol, atol), a, b,
              "(shapes %s, %s mismatch)" % (a.shape, b.shape))
    ok = np.isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan)
    if not np.all(ok):
        bad = int(np.logical_not(ok).sum())
        total = ok.size
        _fail("Not equal to tolerance rtol=%g, atol=%g" % (rtol, atol) + (("\n" + err_msg) if err_msg else ""),
              a, b, "Mismatched elements: %d / %d (%.3g%%)" % (bad, total, 100.0 * bad / total))


def assert_equal(actual, desired, err_msg=""):
    if isinstance(actual, np.ndarray) or isinstance(desired, np.ndarray):
        return assert_array_equal(actual, desired, err_msg)
    if not (actual == desired):
        raise AssertionError("\nItems are not equal:\n ACTUAL: %r\n DESIRED: %r" % (actual, desired))


def assert_almost_equal(actual, desired, decimal=7, err_msg=""):
    if not np.all(np.abs(np.subtract(desired, actual)) < 1.5 * 10.0 ** (-decimal)):
        raise AssertionError("\nArrays are not almost equal to %d decimals\n ACTUAL: %r\n DESIRED: %r"
                             % (decimal, actual, desired))


assert_array_almost_equal = assert_almost_equal
