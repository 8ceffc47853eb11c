import numpy as np
print(repr(np.zeros(4)), repr(np.zeros((2, 2))), repr(np.zeros((2, 1, 2), dtype=np.int32)))
print(repr(np.ones(3, dtype=bool)), repr(np.ones((1, 3), dtype=np.complex128)), repr(np.ones(2, "u8")))
print(repr(np.zeros(0)), repr(np.ones((0,), dtype=int)), repr(np.zeros(())))
print(repr(np.ones([2, 3], dtype=np.int16)))
for shape, dt in [(3, None), ((2, 3), np.int8), ((0, 4), bool), ([1, 2, 3], "f4"), ((), np.uint16)]:
    e = np.empty(shape) if dt is None else np.empty(shape, dtype=dt)
    print(e.shape, e.dtype, e.ndim, e.size)
print(np.zeros(3).dtype, np.ones(3).dtype, np.zeros(2, dtype=float).dtype, np.ones(2, int).dtype)
