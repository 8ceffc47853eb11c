import numpy as np
a = np.arange(6).reshape(2, 3)
print(repr(np.clip(a)), repr(a.clip()), repr(np.clip(a, None, None)))
