import numpy as np
types = [np.bool_, np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64, np.float32, np.float64, np.complex128]
for t in types:
    a = np.ones(2, dtype=t)
    print(np.dtype(t).name.ljust(10), (a + 1).dtype if t is not np.bool_ else (a + True).dtype,
          (a + 1.0).dtype, (a + 1j).dtype if t is not np.float32 else "-", (a * 2).dtype, (2 - a).dtype if t is not np.bool_ else "-",
          (a / 2).dtype, (a // 1).dtype)
print(repr(np.array([1, 2], np.int8) + 5), repr(np.array([1.5], np.float32) + 0.1), repr(np.array([1], np.uint8) * 3.5))
print((np.array([True]) + 1).dtype, (np.array([True]) + 1.5).dtype, (np.array([True]) & True).dtype)
