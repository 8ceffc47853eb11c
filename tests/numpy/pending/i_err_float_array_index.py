import numpy as np
a = np.arange(6)
def g1(): return a[np.array([1.0, 2.0])]
def g2(): return a[[1.0, 2.0]]
def g3(): return a[np.array([0.5])]
def s1(): a[np.array([1.0])] = 0
for f in [g1, g2, g3, s1]:
    try:
        print(repr(f()))
    except IndexError as e:
        print(type(e).__name__, e)
