import numpy as np
a = np.arange(6).reshape(2, 3)
print(repr(a.item(4)), repr(a.item(1, 2)), repr(a.item((0, 1))), repr(a.item(-1)))
for args in [(6,), (-7,), (2, 0), (0, 3)]:
    try:
        a.item(*args)
    except IndexError as e:
        print(type(e).__name__, e)
try:
    np.arange(3).item(5)
except IndexError as e:
    print(type(e).__name__, e)
