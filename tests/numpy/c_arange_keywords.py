import numpy as np
print(repr(np.arange(start=1, stop=4)), repr(np.arange(stop=3)))
print(repr(np.arange(stop=5, step=2)), repr(np.arange(3, step=2)))
