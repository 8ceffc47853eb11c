import numpy as np
print(repr(np.eye(3)), repr(np.eye(2, dtype=int)))
print(repr(np.eye(3, k=1)), repr(np.eye(3, k=-1)), repr(np.eye(3, k=3)))
print(repr(np.eye(2, 4, k=2)), repr(np.eye(4, 2, k=-1, dtype=np.int8)))
print(repr(np.eye(0)), repr(np.eye(1)), repr(np.eye(3, 2)))
print(repr(np.identity(3)), repr(np.identity(2, dtype=bool)), repr(np.identity(1, dtype=np.complex128)))
print(repr(np.eye(3, M=1)), repr(np.eye(2, k=-5)))
