import numpy as np
for t in [np.bool_, np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64, np.float32, np.float64, np.complex128]:
    a = np.zeros((3, 4), dtype=t)
    print(np.dtype(t).name, a.itemsize, a.nbytes, a.size, a.dtype.itemsize, a[1:, ::2].nbytes)
print(np.zeros(0).nbytes, np.zeros(()).nbytes, np.zeros(()).size, np.array(5, np.int16).nbytes)
print(np.int8(1).itemsize, np.float32(1).itemsize, np.float64(1).itemsize, np.complex128(1).itemsize)
