import numpy as np
pairs = [(np.int8, np.uint8), (np.bool_, np.int16), (np.int32, np.float32), (np.uint64, np.int64), (np.float32, np.complex128), (np.uint8, np.uint32), (np.bool_, np.bool_)]
for t1, t2 in pairs:
    a = np.array([1, 0], dtype=t1)
    b = np.array([1], dtype=t2)
    print(np.concatenate([a, b]).dtype, np.stack([a, a.astype(t2)]).dtype, np.hstack([a, b]).dtype, np.vstack([a, a.astype(t2)]).dtype)
print(repr(np.concatenate([np.array([1, 2], np.int8), np.array([0.5])])), repr(np.stack([np.array([True]), np.array([5])])))
print(repr(np.concatenate([np.zeros(1, np.float32), np.ones(1, np.float32)])))
