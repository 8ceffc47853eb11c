import numpy as np
for dt in [np.bool_, np.int8, np.uint8]:
    x = np.array([1, 0], dtype=dt)
    print(np.dtype(dt).name, np.sqrt(x).dtype, np.exp(x).dtype, np.sin(x).dtype, np.arctan2(x, x).dtype)
print(repr(np.sqrt(np.array([4, 9], np.int8))), repr(np.exp(np.array([True, False]))))
print(repr(np.log(np.array([1, 100], np.uint8))), repr(np.sinh(np.array([1], np.int8))))
print(repr(np.arctan2(np.array([1], np.int8), np.array([1], np.int8))))
for dt in [np.int16, np.uint16]:
    x = np.array([1, 0], dtype=dt)
    print(np.dtype(dt).name, np.arctan2(x, x).dtype, np.hypot(x, x).dtype)
