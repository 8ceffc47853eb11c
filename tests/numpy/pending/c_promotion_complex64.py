import numpy as np
a = np.ones(2, dtype=np.float32)
print((a + 1j).dtype, (a * 2j).dtype, (a + np.complex128(1)).dtype, type(np.float32(1) + 1j).__name__)
print(repr(np.array([1.5], np.float32) + 1j))
