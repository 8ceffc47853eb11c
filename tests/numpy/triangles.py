import numpy as np

a = np.arange(1, 13).reshape(3, 4)
for k in (-2, -1, 0, 1, 3):
    print(k, repr(np.triu(a, k)), repr(np.tril(a, k)))
f = np.linspace(0.0, 1.0, 9).reshape(3, 3)
print(repr(np.triu(f)), repr(np.tril(f, -1)))
print(repr(np.tri(3)), repr(np.tri(2, 4, 1, dtype=int)))
for n, k, m in ((3, 0, None), (4, 1, None), (3, -1, 5), (4, 0, 2)):
    print(n, k, m, np.triu_indices(n, k, m), np.tril_indices(n, k, m))
r, c = np.triu_indices(4, 1)
m = np.arange(16.0).reshape(4, 4)
print(repr(m[r, c]), repr(m[np.tril_indices(4)]))
print(np.triu_indices_from(m), np.tril_indices_from(m, -1))
print(np.diag_indices(3), np.diag_indices(2, 3))
d = np.zeros((3, 3), dtype=int)
d[np.diag_indices(3)] = 7
print(repr(d), np.diag_indices_from(d))
try:
    np.diag_indices_from(np.zeros((2, 3)))
except ValueError as e:
    print("ValueError", e)
print(repr(np.diag(np.array([1, 2, 3]))), repr(np.diag(a)), repr(np.diag(a, 1)))
