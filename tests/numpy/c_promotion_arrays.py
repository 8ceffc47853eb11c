import numpy as np
types = [np.bool_, np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64, np.float32, np.float64, np.complex128]
for t1 in types:
    row = []
    for t2 in types:
        r = np.ones(1, dtype=t1) + np.ones(1, dtype=t2)
        row.append(r.dtype.char)
    print(np.dtype(t1).name.ljust(10), " ".join(row))
