import numpy as np
a = np.arange(8)
s = slice(1, 7, 2)
print(repr(a[s]), repr(a[slice(None, None, -1)]), repr(a[slice(3)]))
print(repr(a[slice(-3, None)]), repr(a[slice(None, None, 3)]))
b = np.arange(12).reshape(3, 4)
print(repr(b[(slice(None), slice(1, 3))]), repr(b[slice(1, None), 0]))
try:
    a[::0]
except ValueError as e:
    print(type(e).__name__, e)
