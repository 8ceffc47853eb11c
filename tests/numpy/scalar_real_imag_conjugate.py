# .real, .imag and conjugate() of numpy scalars keep numpy types (issue 17: complex kernels read z.real).
import numpy as np
for v in (np.float64(2.5), np.int64(3), np.float32(1.5), np.bool_(True), np.complex128(1-2j), np.int8(-3), np.uint8(3), np.complex128(-0.0+0j)):
    print(repr(v.real), repr(v.imag), repr(v.conjugate()))
a = np.array([1+2j, 3-4j]); print(repr(a[0].real), repr(a[1].imag), repr(a[0].conjugate()))
