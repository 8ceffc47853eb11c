import numpy as np
a = np.arange(12).reshape(3, 4)
print(len(a), len(a[0]), len(a.T), len(np.zeros((0, 5))), len(np.arange(7)[::2]))
for row in a:
    print(repr(row))
for row in a.T[::2]:
    print(row.tolist())
for x in np.array([1.5, 2.5]):
    print(repr(x), type(x).__name__)
print(list(np.arange(3)), [r.shape for r in np.zeros((2, 3, 4))], list(np.zeros((0, 2))))
for row in a:
    row[0] = -1
print(repr(a[:, 0]))
i, j = np.array([7, 8])
print(repr(i), repr(j))
