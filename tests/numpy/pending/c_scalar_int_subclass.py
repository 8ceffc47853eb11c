import numpy as np
print(isinstance(np.int64(7), int), issubclass(np.int64, int), isinstance(np.int32(1), int), isinstance(np.uint8(1), int))
print(isinstance(np.float64(1), float), isinstance(np.float32(1), float), isinstance(np.bool_(1), int))
