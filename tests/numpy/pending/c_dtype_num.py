import numpy as np
for s in ["?", "i1", "i2", "i4", "i8", "u1", "u2", "u4", "u8", "f4", "f8", "c16"]:
    d = np.dtype(s)
    print(s, d.num, d.byteorder, d.isbuiltin, d.alignment)
