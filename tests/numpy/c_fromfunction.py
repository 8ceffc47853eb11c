import numpy as np
print(repr(np.fromfunction(lambda i: i * i, (4,))))
print(repr(np.fromfunction(lambda i, j: i == j, (3, 3))))
print(repr(np.fromfunction(lambda i, j: i - j, (2, 3), dtype=int)))
print(repr(np.fromfunction(lambda i, j, k: i * 100 + j * 10 + k, (2, 2, 2), dtype=np.int64)))
def f(i, j):
    return i + 0.5 * j
r = np.fromfunction(f, (2, 2))
print(repr(r), r.dtype)
print(np.fromfunction(lambda i, j: i, (2, 3)).dtype, np.fromfunction(lambda i, j: i, (2, 3), dtype=int).dtype)
