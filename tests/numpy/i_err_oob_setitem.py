import numpy as np
a = np.arange(3)
b = np.zeros((2, 3))
def s1(): a[5] = 1
def s2(): a[-4] = 1
def s3(): b[2] = 0
def s4(): b[1, 3] = 0
def s5(): b[0, -4] = 0
def s6(): b[:, 3] = 0
for f in [s1, s2, s3, s4, s5, s6]:
    try:
        f()
    except IndexError as e:
        print(type(e).__name__, e)
print(repr(a), repr(b))
