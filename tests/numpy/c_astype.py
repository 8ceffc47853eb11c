import numpy as np
f = np.array([-2.7, -0.5, 0.0, 0.5, 2.7])
print(repr(f.astype(int)), repr(f.astype(np.int8)), repr(f.astype(bool)), repr(f.astype(np.float32)))
i = np.array([0, 1, -1, 127, 128, 255, 256, 300])
print(repr(i.astype(np.int8)), repr(i.astype(np.uint8)), repr(i.astype(bool)))
print(repr(i.astype(np.int16)), repr(i.astype(float)), repr(i.astype(np.complex128)))
b = np.array([True, False])
print(repr(b.astype(int)), repr(b.astype(float)), repr(b.astype("u2")))
print(repr(np.array([70000, -1]).astype(np.uint16)), repr(np.array([2**31]).astype(np.int32)))
print(repr(np.array([1, 2]).astype("float64")), repr(np.array([1.5]).astype("f4")), repr(np.array([3]).astype("c16")))
a = np.arange(3)
c = a.astype(a.dtype)
c[0] = 5
print(c is a, repr(a), repr(c))
