import numpy as np
print(repr(np.arange(0, 1, 0.3, dtype=np.float32)))
print(np.arange(0.1, 1, 0.2, dtype=np.float32).tolist())
print(np.arange(0, 1, 0.3, dtype=np.float32)[3] == np.float32(0.3) * np.float32(3))
