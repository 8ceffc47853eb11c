import numpy as np
a = np.arange(6).reshape(2, 3)
for c in [lambda: a.std(axis=-3), lambda: a.var(axis=2), lambda: np.std(a, axis=(0, 5)), lambda: np.var(a, axis=-5)]:
    try:
        c()
    except Exception as e:
        print(type(e).__name__, e)
