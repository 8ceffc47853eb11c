import numpy as np
for expr in ["np.sqrt(np.array(['a', 'b']))", "np.add(np.array(['a']), 1)", "np.sin(np.array([None, 1], dtype=object))",
             "np.arange(3) + 'x'", "np.isnan(np.array(['x']))", "np.sum(np.array(['a', 'b']))"]:
    try:
        print(expr, repr(eval(expr)))
    except TypeError as e:
        print(expr, type(e).__name__, e)
