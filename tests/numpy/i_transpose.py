import numpy as np
a = np.arange(6).reshape(2, 3)
print(repr(a.T), a.T.shape, repr(np.transpose(a)))
b = np.arange(24).reshape(2, 3, 4)
print(b.T.shape, b.transpose().shape, b.transpose(1, 0, 2).shape, b.transpose((2, 0, 1)).shape)
print(repr(b.transpose(0, 2, 1)[1]))
print(np.transpose(b, (1, 2, 0)).shape, b.transpose(-1, 0, 1).shape)
print(b.T[3, 2, 1] == b[1, 2, 3], np.shares_memory(b, b.T))
v = np.arange(4)
print(repr(v.T), v.T.shape, repr(np.array(5).T))
t = a.T
t[2, 1] = 100
print(repr(a))
