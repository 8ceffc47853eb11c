import numpy as np
a = np.arange(12).reshape(3, 4)
print(repr(a[1][2]), repr(a[1, 2]), a[1][2] == a[1, 2])
print(repr(a[1:][0]), repr(a[:, 1:][1]), repr(a[::-1][0][::-1]))
a[2][3] = 100
print(a[2, 3])
a[1:][0][0] = -4
print(a[1, 0])
a[[0]][0][0] = 555
print(a[0, 0])
a[a > 5][0] = 777
print(repr(a))
