import numpy as np
z = np.array(3.5)
try:
    len(z)
except TypeError as e:
    print(type(e).__name__, e)
for arr in [np.arange(3), np.zeros((2, 2)), np.array([])]:
    try:
        arr.item()
    except ValueError as e:
        print(type(e).__name__, e)
print(repr(z.item()), repr(np.array([7]).item()), repr(np.array([[2.5]]).item()))
try:
    iter(z)
except TypeError as e:
    print(type(e).__name__, e)
