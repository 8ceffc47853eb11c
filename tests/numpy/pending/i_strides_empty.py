import numpy as np
print(np.zeros((0, 3)).strides, np.zeros((3, 0)).strides, np.zeros(0).strides)
print(np.zeros((2, 0, 3)).strides, np.empty((0, 2), dtype=np.int32).strides, np.array([]).strides)
print(np.zeros((2, 3))[:0].strides, np.arange(0).reshape(0, 4).strides)
