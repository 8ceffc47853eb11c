import numpy as np
print(np.int8(1).nbytes, np.float32(1).nbytes, np.float64(1).nbytes, np.complex128(1).nbytes, np.bool_(1).nbytes)
