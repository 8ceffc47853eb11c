import numpy as np
c64 = np.array([1 + 1j, 2 - 3j], dtype=np.complex64)
print(c64.real.dtype, c64.imag.itemsize, c64.real.strides, repr(np.real(c64)), repr(c64.imag))
c64.imag[0] = 5
print(repr(c64), c64.nbytes, c64.itemsize)
