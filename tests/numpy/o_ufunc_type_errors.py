import numpy as np
for expr in ["np.floor(np.array([1 + 1j]))", "np.maximum(np.array([1j]), 0)", "np.remainder(np.array([1j]), 2)",
             "np.floor_divide(np.array([1j]), 2)", "np.arctan2(np.array([1j]), 1)", "np.ceil(np.array([2j]))",
             "np.bitwise_and(np.array([1.5]), 1)", "np.left_shift(np.array([1j]), 1)"]:
    try:
        print(expr, repr(eval(expr)))
    except TypeError as e:
        print(expr, type(e).__name__, e)
