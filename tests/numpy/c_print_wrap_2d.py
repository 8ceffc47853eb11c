import numpy as np
print(repr(np.arange(30).reshape(2, 15) * 1.5))
print(np.arange(60).reshape(2, 30))
print(repr(np.arange(40).reshape(2, 2, 10) * 1000))
print(repr(np.linspace(0, 1, 12).reshape(2, 6)))
print(repr(np.arange(25, dtype=np.int8)), repr(np.ones(20, np.float32) / 3))
