import numpy as np
print(np.atleast_3d([1, 2]).shape, np.atleast_3d(5).shape, np.atleast_3d(np.ones((2, 3))).shape, np.atleast_3d(np.ones((1, 2, 3))).shape)
