import numpy as np
a = np.arange(6)
r = a[::-1]
print(repr(r), r.strides, r.shape)
r[0] = 50
print(repr(a))
rr = r[::-2]
print(repr(rr), rr.strides)
b = np.arange(12).reshape(3, 4)[::-1, ::-1]
print(b.strides, repr(b), repr(b.copy()), b.copy().strides)
print(repr(b + 1), repr(b.T), b.T.strides, repr(b.ravel()))
print(b.tolist(), repr(b[0]), repr(b[:, 0]))
