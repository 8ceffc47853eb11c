import numpy as np
a = np.arange(6).reshape(2, 3)
r = a.ravel()
f = a.flatten()
print(repr(r), repr(f), np.shares_memory(a, r), np.shares_memory(a, f))
r[0] = 100
f[1] = 200
print(repr(a))
print(repr(a.T.ravel()), repr(a.T.flatten()), np.shares_memory(a, a.T.ravel()))
print(repr(a[:, ::-1].ravel()), repr(np.ravel(a)), repr(np.ravel([[1, 2], [3, 4]])))
print(repr(np.array(5).ravel()), repr(np.array(5).flatten()))
