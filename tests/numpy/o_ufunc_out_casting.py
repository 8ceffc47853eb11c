import numpy as np
for name, c in [("multiply float->int64", lambda: np.multiply(np.ones(3), 2, out=np.zeros(3, np.int64))),
                ("add float->bool", lambda: np.add(np.ones(3), 1, out=np.zeros(3, bool))),
                ("sqrt int->int64", lambda: np.sqrt(np.arange(3), out=np.zeros(3, np.int64))),
                ("uint8 -= int8", lambda: np.subtract(np.arange(3, dtype=np.uint8), np.ones(3, np.int8), out=np.zeros(3, np.uint8)))]:
    try:
        print(name, repr(c()))
    except TypeError as e:
        print(name, type(e).__name__, e)
u = np.arange(3, dtype=np.uint8)
try:
    u -= np.array([1, 1, 1], np.int8)
except TypeError as e:
    print(type(e).__name__, e)
print(repr(u))
