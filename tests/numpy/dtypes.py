import numpy as np
for t in [np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32,
          np.uint64, np.float32, np.float64, np.complex128]:
    d = np.dtype(t)
    print(repr(d), str(d), d.name, d.kind, d.itemsize, d.char, d == t, d.type is t)
print(np.dtype("f8") == np.float64, np.dtype(float), np.dtype(int), np.dtype(bool), np.dtype(complex))
print(np.array([1.0]).dtype == "float64", np.arange(3).dtype == np.int64)
print(repr(np.float64(2.5)), str(np.float64(2.5)), repr(np.int64(3)), repr(np.True_), repr(np.float32(0.1)))
print(isinstance(np.float64(1.0), float), repr(np.float64(1e20)), repr(np.float64(1e-5)))
print(repr(np.arange(3)[1]), repr(np.array([1.5], np.float32)[0]), repr(np.array([True])[0]))
print(repr(np.array([1 + 2j])[0]), repr(np.array([2], np.uint8)[0]))
try:
    np.dtype("float7")
except TypeError as e:
    print(type(e).__name__, e)
try:
    np.zeros(2, dtype="bogus")
except TypeError as e:
    print(type(e).__name__, e)
