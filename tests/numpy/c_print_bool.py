import numpy as np
print(repr(np.array([True, False])), str(np.array([True, False])), repr(np.array(True)), str(np.array(False)))
print(repr(np.array([[True], [False]])), repr(np.zeros((2, 3), dtype=bool)), repr(np.array([], dtype=bool)))
print(repr(np.arange(5) > 2), str(np.arange(6).reshape(2, 3) % 2 == 0))
print(repr(np.ones((2, 2, 2), dtype=bool)))
