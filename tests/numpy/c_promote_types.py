import numpy as np
pairs = [("i1", "u1"), ("f4", "i4"), ("bool", "u2"), ("c16", "f4"), ("i8", "u8"), ("u1", "u2"), ("i2", "f4"),
         ("?", "?"), ("u4", "i4"), ("f8", "f4"), ("i1", "i8"), (np.uint8, np.int16), (np.int32, np.float32)]
for a, b in pairs:
    r = np.promote_types(a, b)
    print(a if isinstance(a, str) else a.__name__, b if isinstance(b, str) else b.__name__, repr(r), r == np.promote_types(b, a))
