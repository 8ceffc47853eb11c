import numpy as np
class I:
    def __init__(self, v):
        self.v = v
    def __index__(self):
        return self.v
a = np.arange(10, 20)
print(repr(a[I(3)]), repr(a[I(-1)]), repr(a[I(1):I(7):I(2)]))
print(repr(a[np.array([4])]), repr(a[np.array([-4])]))
print(repr(a[True + 1]), repr(a[np.int8(-2)]), repr(a[np.uint64(0)]))
b = a.reshape(2, 5)
print(repr(b[I(1), I(0)]), repr(b[I(1)]), repr(b[I(0), I(1):]))
a[I(0)] = -5
a[np.array(9)] = 99
print(repr(a))
