import numpy as np
a = np.array([1.0, 1.0001, 1e-9, np.nan, np.inf, -np.inf, 0.0])
b = np.array([1.0, 1.0, 0.0, np.nan, np.inf, np.inf, 1e-10])
print(repr(np.isclose(a, b)), repr(np.isclose(a, b, equal_nan=True)))
print(repr(np.isclose(a, b, rtol=1e-3)), repr(np.isclose(a, b, atol=0)), repr(np.isclose(a, b, rtol=0, atol=1e-8)))
print(repr(np.isclose(np.arange(3), [0, 1, 2.000000001])), repr(np.isclose(1.0, 1.0 + 1e-10)), repr(np.isclose([[1.0], [2.0]], [1.0, 2.0])))
print(np.allclose(a[:3], b[:3]), np.allclose(a, b), np.allclose(a, b, equal_nan=True), np.allclose(a[:3], b[:3], atol=0))
print(np.allclose([1e10, 1e-7], [1.00001e10, 1e-8]), np.allclose([1e10, 1e-8], [1.00001e10, 1e-9]), np.allclose([], []))
print(np.allclose(np.ones((2, 3)), 1), np.allclose([1, 2], [1, 2]), np.allclose(np.array([True]), np.array([1.0])))
print(type(np.allclose([1.0], [1.0])).__name__, type(np.isclose(1.0, 2.0)).__name__)
print(repr(np.isclose(np.array([1], np.int8), np.array([1], np.int8))), repr(np.isclose(1e-8, 0)), repr(np.isclose(0, 1e-8)))
try:
    np.allclose(np.ones(2), np.ones(3))
except ValueError as e:
    print(type(e).__name__, e)
