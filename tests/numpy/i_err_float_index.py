import numpy as np
a = np.arange(6)
b = a.reshape(2, 3)
def g1(): return a[1.5]
def g2(): return a[1.0]
def g3(): return b[0, 1.0]
def g4(): return a[np.float64(2)]
def g6(): return a[1.0:3]
def g7(): return a["1"]
def s1(): a[2.0] = 5
for f in [g1, g2, g3, g4, g6, g7, s1]:
    try:
        print(repr(f()))
    except (IndexError, TypeError) as e:
        print(type(e).__name__, e)
