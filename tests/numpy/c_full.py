import numpy as np
print(repr(np.full(3, 7)), repr(np.full(3, 7.0)), repr(np.full(3, True)), repr(np.full(2, 1 + 1j)))
print(repr(np.full((2, 3), -1, dtype=np.int8)))
print(repr(np.full((2, 2), 2.7, dtype=int)))
print(repr(np.full(4, np.nan)), repr(np.full(2, np.inf, dtype=np.float32)))
print(repr(np.full((), 5)), repr(np.full((0, 2), 1.5)))
print(repr(np.full(3, np.int8(4))), repr(np.full(3, np.float32(0.5))))
print(repr(np.full(2, 0, dtype=bool)), repr(np.full(2, 3, dtype=np.uint32)))
