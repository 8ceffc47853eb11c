import numpy as np
print(repr(np.array([np.inf]) // 2))
print(repr(np.array([np.inf, 1.0]) % 2))
