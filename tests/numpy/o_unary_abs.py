import numpy as np
i = np.array([-3, 0, 4])
f = np.array([-1.5, -0.0, 0.0, 2.0])
print(repr(-i), repr(+i), repr(abs(i)), repr(np.abs(i)), repr(np.absolute(i)), repr(np.negative(i)))
print(repr(-f), repr(abs(f)), repr(np.abs(f)), repr(np.positive(f)))
print(repr(np.abs(np.array([-128, -127, 127], np.int8))), repr(-np.array([-128], np.int8)))
print(repr(-np.array([1, 2], np.uint8)), repr(abs(np.array([1, 200], np.uint8))))
print(repr(abs(np.array([True, False]))), repr(np.abs(np.array([-1.5], np.float32))))
print(repr(-np.int64(5)), repr(abs(np.float64(-2.5))), repr(abs(np.int8(-127))))
try:
    -np.array([True, False])
except TypeError as e:
    print(type(e).__name__, e)
try:
    np.negative(np.array([True]))
except TypeError as e:
    print(type(e).__name__, e)
print(repr(~np.array([True, False])), repr(np.logical_not(np.array([1, 0]))))
