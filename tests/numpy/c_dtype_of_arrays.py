import numpy as np
for arr in [np.array(1), np.array(1.0), np.array(True), np.array(1j), np.array([1, 2**40]),
            np.array([2**63]), np.array([-1, 2**63 - 1]), np.array([1, 2.5, 3j])]:
    print(arr.dtype, arr.dtype.kind, arr.itemsize, repr(arr))
print(np.array([1, 2], dtype=np.int8).dtype.name, np.ones(2, "u4").dtype.name)
