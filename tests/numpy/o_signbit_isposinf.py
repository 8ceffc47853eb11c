import numpy as np
f = np.array([-2.5, -0.0, 0.0, 3.0, np.inf, -np.inf, np.nan])
print(repr(np.signbit(f)), repr(np.isposinf(f)), repr(np.isneginf(f)))
print(repr(np.nan_to_num(f)), repr(np.nan_to_num(f, nan=-1.0, posinf=9.0)))
