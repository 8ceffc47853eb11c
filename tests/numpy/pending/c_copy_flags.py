import numpy as np
a = np.array([[1, 2], [3, 4]])
v = a[:, 1]
w = v.copy()
print(w.flags["C_CONTIGUOUS"], v.flags["C_CONTIGUOUS"], w.flags["OWNDATA"], v.flags["OWNDATA"])
print(a.flags.c_contiguous, a.T.flags.f_contiguous, a.flags.writeable)
print(w.base is None, v.base is a, a.copy().base is None)
