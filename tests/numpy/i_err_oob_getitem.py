import numpy as np
a = np.arange(3)
b = np.arange(12).reshape(3, 4)
for expr in [lambda: a[5], lambda: a[3], lambda: a[-4], lambda: b[3], lambda: b[0, 4],
             lambda: b[-4, 0], lambda: b[1, -5], lambda: b[2][4], lambda: np.zeros((2, 0))[0, 0]]:
    try:
        expr()
    except IndexError as e:
        print(type(e).__name__, e)
print(repr(a[2]), repr(a[-3]), repr(b[2, 3]))
