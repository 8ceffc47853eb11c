import numpy as np
for t in [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]:
    a = np.array([0, 1, 100], dtype=t)
    print(repr(a), str(a), repr(a.reshape(3, 1)))
print(repr(np.array([-128, 127], np.int8)), repr(np.array([2**64 - 1], np.uint64)), repr(np.array([-(2**63)])))
print(repr(np.array([2**31 - 1, -(2**31)], np.int32)), repr(np.array([65535], np.uint16)))
