import numpy as np
a = np.zeros(4)
b = np.zeros((2, 3))
def s1(): a[:] = [1, 2, 3]
def s2(): a[1:3] = np.arange(3)
def s3(): b[0] = [1, 2]
def s4(): b[:, 0] = [1, 2, 3]
def s5(): a[::2] = [1, 2, 3, 4]
def s6(): b[1, 1:] = np.ones(3)
for f in [s1, s2, s3, s4, s5, s6]:
    try:
        f()
    except ValueError as e:
        print(type(e).__name__, e)
print(repr(a), repr(b))
