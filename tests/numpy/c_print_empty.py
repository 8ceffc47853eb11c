import numpy as np
print(repr(np.array([])), str(np.array([])), repr(np.zeros(0, int)), repr(np.zeros(0, np.int8)), repr(np.zeros(0, np.uint64)))
print(repr(np.zeros((0, 3))), repr(np.zeros((2, 0), dtype=int)), repr(np.zeros((0, 2, 3), bool)), repr(np.zeros(0, np.complex128)))
print(str(np.zeros((0, 3))), str(np.zeros((3, 0))), repr(np.zeros((1, 0))), repr(np.arange(0, dtype=np.int32).reshape(0, 1)))
print(repr(np.zeros(0, bool)), repr(np.array([[]])), repr(np.zeros((0,), np.float32)))
