import numpy as np
a = np.array([[3, 1, 3], [2, 1, 0]])
print(repr(np.unique(a)), repr(np.unique(np.array([2.5, -1.0, 2.5, 0.0]))), repr(np.unique(np.array([True, False, True]))))
u, c = np.unique(a, return_counts=True)
print(repr(u), repr(c))
u, c = np.unique(np.array([0.5, 0.5, -2.0]), return_counts=True)
print(repr(u), repr(c))
print(repr(np.unique([])), repr(np.unique(np.array([], np.int8), return_counts=True)), repr(np.unique([3, 3, 3])))
print(repr(np.unique(np.array([3, 1], np.uint8))), repr(np.unique([[5], [5]])), repr(np.unique(np.array([False, False]), return_counts=True)))
