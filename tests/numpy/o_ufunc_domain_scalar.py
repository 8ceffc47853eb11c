import numpy as np
print(repr(np.sqrt(-1.0)))
print(repr(np.log(0.0)))
print(repr(np.sqrt(np.float64(-2))))
print(repr(np.log10(np.float32(0))))
print(repr(np.sqrt(-1)))
