import numpy as np
print(repr(np.concatenate([[1], [2.5]], dtype=np.float32)), repr(np.concatenate([np.arange(2), np.arange(2)], dtype=float)))
print(repr(np.stack([[1, 2], [3, 4]], dtype=np.int8)), repr(np.hstack([[1], [2]], dtype=np.float32)), repr(np.vstack([[1], [2]], dtype=np.int16)))
print(repr(np.concatenate([[1.5], [2]], dtype=int, casting="unsafe")))
try:
    np.concatenate([[1.5], [2]], dtype=int)
except TypeError as e:
    print(type(e).__name__, e)
