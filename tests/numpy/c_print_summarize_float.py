import numpy as np
a = np.arange(2000.0)
a[1000] = 0.5
print(repr(a))
a[0] = 1e-9
print(repr(a), str(a))
print(repr(np.arange(1001) * 1j))
print(repr(np.linspace(0, 1, 1500)))
print(repr(np.arange(2000, dtype=np.float32).reshape(2, 1000) / 7))
