import numpy as np
a = np.array([0, 1, 128, 255], dtype=np.uint8)
print(repr(a + np.uint8(1)), repr(a - np.uint8(1)), repr(a * np.uint8(2)), repr(-a))
print(repr(a + a), repr(a * a), repr(a + 1), repr(a - 2), repr(a + 255))
c = np.array([16], dtype=np.uint8)
c *= 16
print(repr(c))
c -= 1
print(repr(c))
print(repr(np.array([0], np.uint16) - np.array([1], np.uint16)), repr(np.array([0], np.uint32) - np.array([1], np.uint32)))
print(repr(np.array([0], np.uint64) - np.array([1], np.uint64)), repr(np.array([2**63], np.uint64) * np.array([2], np.uint64)))
print(repr(np.array([2**63 - 1], np.int64) + np.array([1], np.int64)))
