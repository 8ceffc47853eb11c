import numpy as np
for kw in [dict(precision="a"), dict(threshold="a"), dict(precision=1.5)]:
    try:
        np.set_printoptions(**kw)
    except (TypeError, ValueError) as e:
        print(kw, type(e).__name__, e)
print(np.get_printoptions()["precision"], np.get_printoptions()["threshold"])
