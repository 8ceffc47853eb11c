import numpy as np
d = np.dtype("float64")
print(d == "float64", d == "f8", d == "d", d == float, d == np.float64, d == np.dtype("f8"), d != np.float32)
print(np.dtype("int64") == int, np.dtype("bool") == bool, np.dtype("?") == np.bool_, np.dtype("complex128") == complex)
print(np.dtype("i4") == "int32", np.dtype("u1") == np.uint8, np.dtype("i8") == "int32", np.dtype("f4") == float)
print(np.arange(3).dtype == "i8", np.ones(2, np.uint8).dtype in (np.uint8, np.int8), np.zeros(2).dtype.type is np.float64)
print(str(np.dtype("u8")), repr(np.dtype(np.uint64)), np.dtype("c16").name, sorted({np.dtype("i1"), np.dtype("int8")}, key=str))
