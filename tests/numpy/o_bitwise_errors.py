import numpy as np
f = np.array([1.5, 2.0])
i = np.array([1, 2])
for expr in ["f & i", "f | 1", "~f", "f << 1", "i >> 1.0", "np.bitwise_xor(f, f)", "np.invert(np.array([1.0]))"]:
    try:
        r = eval(expr)
        print(expr, repr(r))
    except TypeError as e:
        print(expr, type(e).__name__, e)
for expr in ["np.array([1]) << -1", "np.array([1, 2], np.uint64) & np.array([1], np.int64)", "np.uint8(3) | np.int8(1)"]:
    try:
        r = eval(expr)
        print(expr, repr(r))
    except TypeError as e:
        print(expr, type(e).__name__, e)
