import numpy as np
print(repr(np.arange(1 + 1j)), repr(np.arange(3, dtype=np.complex128)), repr(np.arange(0, 2 + 0j, 0.5)))
