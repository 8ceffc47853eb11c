import numpy as np
s, step = np.linspace(0, 2, 5, retstep=True)
print(repr(s), repr(step), type(step).__name__)
s, step = np.linspace(0, 1, 4, endpoint=False, retstep=True)
print(repr(s), repr(step))
print(type(np.linspace(0, 1, 3, retstep=True, dtype=np.float32)[1]).__name__)
