import numpy as np
a = np.arange(12)
b = a.reshape(3, 4)
print(repr(b), repr(a.reshape(2, -1)), repr(a.reshape((2, 2, 3)).shape))
print(repr(b.T), repr(b.transpose()), repr(np.transpose(b.reshape(3, 2, 2), (2, 0, 1)).shape))
print(repr(b.T.ravel()), repr(b.flatten()), repr(b.T.reshape(12)))
print(b.T.strides, b.strides, b[:, ::2].strides, b.itemsize, b.nbytes, len(b))
print(repr(np.squeeze(np.zeros((1, 3, 1))).shape), repr(np.expand_dims(a, 0).shape))
print(repr(b.swapaxes(0, 1)), repr(b.astype(np.float32)), repr(b.astype(bool)))
print(repr(np.array([1.7, -1.7, 300.0]).astype(np.int64)), repr(np.array([1.7, 2.2]).astype(np.uint8)))
print(b.tolist(), b[0, 0].item(), type(b.tolist()[0][0]).__name__)
for row in b:
    print(row)
for x in np.arange(3):
    print(repr(x))
c = b.copy()
c.fill(3)
print(repr(c))
try:
    a.reshape(5, 3)
except ValueError as e:
    print(type(e).__name__, e)
