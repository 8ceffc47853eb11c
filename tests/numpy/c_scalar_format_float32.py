import numpy as np
for v in [np.float32(0.1), np.float32(1e20), np.float32(1e-7), np.float32(2.5)]:
    print(f"{v}", format(v), format(v, ""), "{}".format(v), str(v))
