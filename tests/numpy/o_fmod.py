import numpy as np
a = np.array([-7, -6, -1, 0, 1, 6, 7])
print(repr(np.fmod(a, 4)), repr(np.fmod(a, -4)))
f = np.array([-7.5, -0.5, 0.5, 7.5])
print(repr(np.fmod(f, 2)), repr(np.fmod(f, -2.5)))
