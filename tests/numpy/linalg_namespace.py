import numpy as np

# numpy.linalg's public names only: no helper modules leak into it.
print(hasattr(np.linalg, "math"), hasattr(np.linalg, "np"))
print(all(hasattr(np.linalg, n) for n in ("norm", "solve", "inv", "det", "lstsq", "LinAlgError")))
print(callable(np.show_config), sorted(np.show_config(mode="dicts"))[:2])
