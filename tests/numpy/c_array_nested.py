import numpy as np
cases = [
    [1, 2, 3],
    (1, 2, 3),
    [[1, 2], [3, 4]],
    ((1.5, 2), (3, 4)),
    [(1, 2), [3, 4]],
    [[[1], [2]], [[3], [4]]],
    [True, False, True],
    [1, 2.0],
    [1, 2j],
    [True, 2],
    [[]],
    [],
    5,
    2.5,
]
for c in cases:
    a = np.array(c)
    print(a.shape, a.ndim, a.dtype, a.size, repr(a))
