import numpy as np
for dt in [np.int16, np.int32, np.int64, np.uint16, np.uint32, np.uint64, np.float32, np.float64]:
    x = np.array([1, 0], dtype=dt)
    print(np.dtype(dt).name, np.sqrt(x).dtype, np.exp(x).dtype, np.sin(x).dtype, np.abs(x).dtype,
          np.floor(x).dtype, np.sign(x).dtype, np.isnan(x).dtype)
for dt in [np.bool_, np.int8, np.uint8]:
    x = np.array([1, 0], dtype=dt)
    print(np.dtype(dt).name, np.abs(x).dtype, np.floor(x).dtype, np.isnan(x).dtype, np.isfinite(x).dtype)
print(repr(np.sin(np.array([0], np.int16))), repr(np.sqrt(np.array([2**62]))), repr(np.cos(np.array([0], np.int32))))
print(repr(np.arctan2(1, 2)), repr(np.sqrt(np.array([4, 9], np.int32))), repr(np.log(np.array([1, 100], np.uint16))))
