import numpy as np
a = np.arange(10)
a[a > 5] += 10
print(repr(a))
a[1:3] *= 2
a[::3] -= 1
print(repr(a))
a[[0, 1]] //= 2
a[-1] **= 2
print(repr(a))
a[[2, 2, 2]] += 1
print(repr(a))
b = np.ones((3, 3))
b[1] /= 4
b[:, 2] += np.array([1, 2, 3])
b[b < 1] *= -1
print(repr(b))
