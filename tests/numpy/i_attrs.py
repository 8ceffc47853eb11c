import numpy as np
for arr in [np.zeros((2, 3)), np.arange(5, dtype=np.int32), np.array(1.5), np.zeros((0, 4), dtype=np.int8),
            np.ones((2, 2, 2), dtype=np.complex128), np.array([True, False])]:
    print(arr.shape, arr.ndim, arr.size, arr.itemsize, arr.nbytes, arr.dtype)
a = np.arange(12).reshape(3, 4)[:, 1:3]
print(a.shape, a.ndim, a.size, a.itemsize, a.nbytes)
print(type(a.shape).__name__, type(a.size).__name__, type(a.ndim).__name__, type(a.strides).__name__)
print(np.shape(a), np.ndim(a), np.size(a), np.shape([[1, 2, 3]]), np.ndim(5), np.size([[1], [2]]))
