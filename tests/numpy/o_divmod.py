import numpy as np
a = np.array([-7, 7, 9])
q, r = np.divmod(a, 4)
print(repr(q), repr(r))
print(repr(divmod(a, 4)), repr(divmod(np.array([7.5, -7.5]), 2)))
print(repr(np.divmod(np.array([[1], [10]]), np.array([3, -3]))))
print(repr(divmod(np.int64(7), np.int64(-2))), repr(divmod(np.float64(7.5), 2)))
