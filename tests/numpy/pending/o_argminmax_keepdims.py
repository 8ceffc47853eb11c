import numpy as np
a = np.array([[3, 9, 9], [9, 1, 1], [0, 9, 2]])
print(repr(np.argmax(a, axis=0, keepdims=True)), repr(np.argmin(a, axis=1, keepdims=True)), repr(a.argmax(keepdims=True)))
print(repr(np.unravel_index(a.argmax(), a.shape)), repr(np.unravel_index(7, (2, 2, 2))))
