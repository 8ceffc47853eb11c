import numpy as np
a = np.arange(5)
b = np.arange(6).reshape(2, 3)
def g1(): return a[np.array([True, False])]
def g2(): return a[[True, False, True, False, True, True]]
def g3(): return b[np.array([True, False, True])]
def g4(): return b[:, np.array([True, True])]
def g5(): return b[np.ones((3, 2), dtype=bool)]
def s1(): a[np.array([True, True])] = 0
for f in [g1, g2, g3, g4, g5, s1]:
    try:
        f()
    except IndexError as e:
        print(type(e).__name__, e)
