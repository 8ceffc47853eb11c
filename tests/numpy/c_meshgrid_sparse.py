import numpy as np
x = np.array([1, 2, 3])
y = np.array([10, 20])
X, Y = np.meshgrid(x, y, sparse=True)
print(repr(X), repr(Y))
X, Y = np.meshgrid(x, y, sparse=True, indexing="ij")
print(repr(X), repr(Y))
