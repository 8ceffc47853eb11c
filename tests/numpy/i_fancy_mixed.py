import numpy as np
a = np.arange(60).reshape(3, 4, 5)
print(a[[0, 2], :, [1, 3]].shape, repr(a[[0, 2], :, [1, 3]]))
print(a[:, [0, 1], [2, 3]].shape, repr(a[:, [0, 1], [2, 3]]))
print(a[1:, [3, 0]].shape, a[..., [0, 4]].shape, a[[1], 1:3, 0].shape)
print(a[0, [1, 2], 1:].shape, a[[0], [1], [2]].shape, a[None, [0, 1]].shape)
print(repr(a[1, [0, 3], [4, 2]]))
print(a[:, 0, [[1], [2]]].shape, repr(a[:, 0, [[1], [2]]]))
print(a[:, [1, 2]][:, :, [0]].shape)
