import numpy as np
vals = [np.float64(np.float32(0.1)), np.int8(np.float64(3.9)), np.int64("12"), np.float64("1.5"), np.int64(3.7),
        np.bool_("False"), np.bool_(""), np.float32("0.25"), np.uint16(True), np.complex128(2), np.complex128(1, 2) if False else np.complex128(1 + 2j),
        np.array([1.5]).dtype.type(3), np.dtype(np.float32).type(1.25), np.int32(-7.9), np.float64(), np.int8(), np.bool_()]
for v in vals:
    print(type(v).__name__, repr(v))
print(np.float32(1) == np.float64(1), np.float32(0.1) == np.float64(0.1), np.int8(5) == np.uint64(5))
