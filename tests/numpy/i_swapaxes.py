import numpy as np
a = np.arange(24).reshape(2, 3, 4)
print(a.swapaxes(0, 2).shape, np.swapaxes(a, 1, 2).shape, a.swapaxes(-1, 0).shape, a.swapaxes(1, 1).shape)
print(repr(a.swapaxes(0, 1)[2]))
s = a.swapaxes(0, 2)
print(s[3, 1, 0] == a[0, 1, 3], s.strides, np.shares_memory(a, s))
s[0, 0, 0] = -1
print(a[0, 0, 0])
b = np.arange(4)
print(repr(b.swapaxes(0, 0)), repr(np.arange(6).reshape(2, 3).swapaxes(0, 1)))
