import numpy as np
print(repr(np.maximum.accumulate(np.array([1, 3, 2, 5, 4]))), repr(np.minimum.accumulate(np.array([3.0, 1.0, 2.0]))))
print(repr(np.multiply.accumulate(np.array([1, 2, 3, 4]))), repr(np.add.accumulate(np.array([[1, 2], [3, 4]]), axis=1)))
print(repr(np.logical_or.accumulate(np.array([False, True, False]))), repr(np.subtract.accumulate(np.array([10, 1, 2]))))
