import numpy as np
i64 = np.array([2**63 - 1, -2**63])
print(repr(i64 + 1), repr(i64 - 1), repr(i64 * 2), repr(-i64), repr(abs(i64)))
print(repr(np.array([200], np.uint8) + np.array([100], np.uint8)), repr(np.array([0], np.uint8) - np.array([1], np.uint8)))
print(repr(np.array([127], np.int8) + np.array([1], np.int8)), repr(np.array([16], np.int16) * np.array([4096], np.int16)))
print(repr(np.array([2**32], np.uint64) * np.array([2**32], np.uint64)), repr(np.array([7], np.uint32) - np.array([8], np.uint32)))
print(repr(np.array([100, 100], np.int8).sum()), repr(np.array([100, 100], np.int8).prod()), repr(np.arange(1, 30).prod()))
print(repr(np.array([2], np.int32) ** 31), repr(np.array([-3], np.int8) * np.array([43], np.int8)))
