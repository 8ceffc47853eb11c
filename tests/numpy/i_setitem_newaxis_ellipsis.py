import numpy as np
a = np.zeros((2, 3), dtype=int)
a[None] = np.arange(3)
print(repr(a))
a[:, None] = [[[5], ], [[6], ]]
print(repr(a))
a[..., 1] = -1
a[0, ...] += 10
print(repr(a))
a[1, ..., None] = [[7]]
print(repr(a))
z = np.zeros(())
z[None] = 3
print(repr(z))
