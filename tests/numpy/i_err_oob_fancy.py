import numpy as np
a = np.arange(3)
b = np.arange(6).reshape(2, 3)
def g1(): return a[[0, 5]]
def g2(): return a[np.array([-4])]
def g3(): return b[:, [0, 3]]
def g4(): return b[[1, 2], [0, 0]]
def s1(): a[[1, 3]] = 0
def s2(): b[[0], [-4]] = 0
for f in [g1, g2, g3, g4, s1, s2]:
    try:
        f()
    except IndexError as e:
        print(type(e).__name__, e)
print(repr(a), repr(b))
