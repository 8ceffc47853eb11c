import numpy as np
for c in [lambda: np.random.randint(0), lambda: np.random.randint(-3), lambda: np.random.RandomState(0).randint(0)]:
    try:
        c()
    except ValueError as e:
        print(type(e).__name__, e)
