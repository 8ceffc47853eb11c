import numpy as np
with np.errstate(divide="ignore", invalid="ignore"):
    print(repr(np.arange(3) // 0), repr(np.array([-1.0, 0.0, 1.0]) / 0))
with np.errstate(all="raise"):
    try:
        np.array([1.0]) / 0
    except FloatingPointError as e:
        print(type(e).__name__, e)
    try:
        np.array([1]) // 0
    except FloatingPointError as e:
        print(type(e).__name__, e)
print(np.geterr())
old = np.seterr(divide="ignore")
print(old["divide"], repr(np.array([1.0]) / 0), np.seterr(**old)["divide"])
