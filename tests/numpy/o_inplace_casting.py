import numpy as np
a = np.arange(3)
for stmt in ["a += 1.5", "a *= 1.5", "a /= 2", "a -= np.array([0.5, 1.0, 1.5])", "a //= 1.5", "a %= 2.5", "a **= 0.5"]:
    try:
        exec(stmt)
        print(stmt, "ok", repr(a))
    except Exception as e:
        print(stmt, type(e).__name__, e)
        print(isinstance(e, TypeError))
b = np.array([True, False])
for stmt in ["b += 1", "b += True", "b *= 2", "b -= True"]:
    try:
        exec(stmt)
        print(stmt, "ok", repr(b))
    except Exception as e:
        print(stmt, type(e).__name__, e)
c = np.arange(3, dtype=np.int8)
for stmt in ["c += 1000", "c += np.int64(1)", "c += np.arange(3)", "c += np.uint8(3)", "c *= np.float32(2)"]:
    try:
        exec(stmt)
        print(stmt, "ok", repr(c))
    except Exception as e:
        print(stmt, type(e).__name__, e)
f = np.ones(2, np.float32)
f += np.float64(1.5); f *= np.arange(2); print(repr(f))
