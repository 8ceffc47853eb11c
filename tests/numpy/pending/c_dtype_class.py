import numpy as np
for s in ["f8", "i8", "f4", "?", "u1", "c16"]:
    d = np.dtype(s)
    print(type(d).__name__, isinstance(d, np.dtype), type(np.int64(5).dtype).__name__)
