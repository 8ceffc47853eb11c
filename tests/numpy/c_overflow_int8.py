import numpy as np
a = np.array([127, -128, 100, -100], dtype=np.int8)
print(repr(a + np.int8(1)), repr(a - np.int8(1)), repr(a * np.int8(2)), repr(-a), repr(abs(a)))
print(repr(a + a), repr(a * a), repr(a + 1), repr(a * 3))
b = np.array([64], dtype=np.int8)
b *= 2
print(repr(b))
b += 127
print(repr(b))
print(repr(np.arange(120, 130).astype(np.int8)))
print(repr(np.array([-128], np.int8) // np.array([-1], np.int8)))
print(repr(np.array([100, 50], np.int16) * np.array([400, 700], np.int16)))
