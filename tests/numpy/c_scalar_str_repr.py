import numpy as np
vals = [np.float64(0.1), np.float64(1e20), np.float64(1e-20), np.float64(100.0), np.float64(1e16), np.float64(12345.678),
        np.float32(0.1), np.float32(1e20), np.float32(2.5), np.float32(1e-7), np.int8(-3), np.uint64(2**64 - 1),
        np.int64(-(2**63)), np.complex128(1.5 - 2j), np.complex128(1e20j), np.bool_(True), np.float64(-np.inf), np.float32(np.nan)]
for v in vals:
    print(type(v).__name__, repr(v), str(v), f"{v!s}", "%r" % (v,))
print(np.float64(2.5), np.int16(7), np.True_, np.float32(0.3), [np.float32(0.3), np.int8(1)], (np.float64(1),))
