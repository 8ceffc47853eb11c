import numpy as np
a = np.arange(3)
try:
    a += 1.5
except TypeError as e:
    print(type(e).__name__, type(e).__qualname__, type(e).__module__)
    print([c.__name__ for c in type(e).__mro__])
