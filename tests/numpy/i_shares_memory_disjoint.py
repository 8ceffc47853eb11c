import numpy as np
a = np.arange(12).reshape(3, 4)
print(np.shares_memory(a[0], a[1]), np.may_share_memory(a[0], a[1]))
print(np.shares_memory(a[:, ::2], a[:, 1::2]), np.shares_memory(a[:, 0], a[:, 1]))
b = np.arange(10)
print(np.shares_memory(b[:5], b[5:]), np.shares_memory(b[:5], b[4:]), np.shares_memory(b[::2], b[1::2]))
print(np.may_share_memory(b[:5], b[5:]), np.may_share_memory(b[:5], b[4:]))
c = np.array([1 + 2j, 3 + 4j])
print(np.shares_memory(c.real, c.imag), np.shares_memory(c.real, c))
