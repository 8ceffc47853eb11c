import numpy as np
print(sorted(np.get_printoptions()))
print(np.get_printoptions()["override_repr"])
