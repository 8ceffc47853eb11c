import numpy as np
p = np.array([True, False, True])
q = np.array([True, True, False])
print(repr(p + q), repr(p * q), repr(p + 1), repr(p * 2.5), repr(p / q))
print(repr(p.sum()), repr(p.prod()), repr(p.max()), repr(p.min()), repr(p.mean()), repr(p.cumsum()))
print(repr(np.array([[True, False], [True, True]]).sum(axis=0)), repr(np.array([[True, False], [True, True]]).all(axis=1)))
print(repr(np.add(p, q)), repr(np.multiply(p, q)), repr(np.maximum(p, q)), repr(p ** q))
print(repr(p + np.int8(1)), repr(p * np.float32(3)), repr(np.True_ + np.True_), repr(np.True_ * 3))
try:
    p - q
except TypeError as e:
    print(type(e).__name__, e)
try:
    np.subtract(p, True)
except TypeError as e:
    print(type(e).__name__, e)
