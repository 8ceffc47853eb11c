import numpy as np
for s in ["?", "b", "i1", "i2", "i4", "i8", "u1", "u2", "u4", "u8", "f4", "f8", "c16", "int", "float", "bool", "complex", "uint8", "int32"]:
    d = np.dtype(s)
    print(s, repr(d), d.name, d.kind, d.char, d.itemsize, d.str)
print(np.dtype("int64") == np.dtype("i8"), np.dtype("f4") != np.dtype("f8"), np.dtype(np.float64) == float)
print(np.dtype(np.dtype("u2")), np.dtype("i4").type, np.dtype("f8").type.__name__)
print(hash(np.dtype("i8")) == hash(np.dtype(np.int64)))
print([np.dtype(c).byteorder for c in ["?", "i1", "u1", "i2", "u4", "i8", "f4", "f8", "c16"]])
