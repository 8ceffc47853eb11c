import numpy as np
z = np.array(4.5)
print(repr(z), z.shape, z.ndim, z.size, z.strides)
print(repr(z[()]), type(z[()]).__name__, repr(z[...]), type(z[...]).__name__)
print(repr(z[None]), z[None].shape, repr(z[..., None]))
z[()] = 1
print(repr(z))
z[...] = 2
print(repr(z))
i = np.array(7)
print(repr(i[()]), type(i[()]).__name__, i[()] + 1, int(i), float(i))
a = np.arange(6).reshape(2, 3)
print(repr(a[()]), a[()].shape)
s = a[1, 2]
print(type(s).__name__, repr(a[1, 2, ...]), type(a[1, 2, ...]).__name__)
print(repr(np.array(True)[()]), repr(np.array(1 + 1j)[()]))
