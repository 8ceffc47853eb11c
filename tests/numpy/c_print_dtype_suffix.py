import numpy as np
for t in [np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64, np.float32, np.float64, np.complex128]:
    print(repr(np.array([1, 0], dtype=t)), repr(np.zeros((2, 2), dtype=t)).replace("\n", "/"), repr(np.zeros((1, 0), dtype=t)))
