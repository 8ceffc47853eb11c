import numpy as np
a = np.arange(12)
r = a.reshape(3, 4)
print(np.shares_memory(a, r))
r[1, 1] = -1
print(a[5])
t = r.T
rt = t.reshape(12)
print(repr(rt), np.shares_memory(r, rt))
rt[0] = 1000
print(r[0, 0])
s = r[:, :2].reshape(6)
print(repr(s), np.shares_memory(r, s))
c = r[:, ::2]
print(np.shares_memory(c, c.reshape(3, 2, 1)), np.shares_memory(r, r[::2].reshape(-1)))
