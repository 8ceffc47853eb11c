import numpy as np
a = np.arange(6).reshape(2, 3)
def g1(): return a[0, 0, 0]
def g2(): return a[:, :, :]
def g3(): return a[0, 1, ...,  0]
def g4(): return np.arange(3)[0, 0]
def s1(): a[1, 1, 1] = 0
def g5(): return np.array(5)[0]
for f in [g1, g2, g3, g4, s1, g5]:
    try:
        f()
    except IndexError as e:
        print(type(e).__name__, e)
print(a[0, 0, None].shape, a[None, 1, None, 2].shape)
