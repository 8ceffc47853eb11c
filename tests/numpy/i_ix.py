import numpy as np
a = np.arange(12).reshape(3, 4)
ix = np.ix_([0, 2], [1, 3])
print(repr(ix[0]), repr(ix[1]))
print(repr(a[ix]))
print(repr(a[np.ix_([True, False, True], [0])]))
a[np.ix_([1, 2], [0, 3])] = -1
print(repr(a))
