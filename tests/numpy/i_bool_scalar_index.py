import numpy as np
a = np.arange(3)
print(repr(a[True]), a[True].shape, repr(a[False]), a[False].shape)
print(repr(a[np.True_]), a[np.array(False)].shape)
b = np.arange(6).reshape(2, 3)
print(b[True].shape, b[False].shape, b[..., True].shape, b[0, True].shape)
c = np.arange(3)
c[True] = 7
print(repr(c))
c[False] = 0
print(repr(c))
s = np.array(5)
print(repr(s[True]), repr(s[False]), repr(s[s > 3]))
