import numpy as np
for t in [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]:
    i = np.iinfo(t)
    print(np.dtype(t).name, i.min, i.max, i.bits, i.dtype, type(i.max).__name__)
for t in [np.float32, np.float64]:
    f = np.finfo(t)
    print(np.dtype(t).name, f.bits, f.eps, f.max, f.tiny, f.resolution, f.precision, f.dtype)
print(np.iinfo("i2").max, np.finfo(float).eps == 2.0**-52, np.iinfo(np.int32).min == -(2**31))
