import numpy as np
b = np.zeros((2, 3))
def s1(): b[:] = np.zeros((3, 2))
def s2(): b[...] = np.ones((2, 2, 3))
def s3(): b[:, :2] = [[1, 2, 3]]
def s4(): b[0] = np.zeros((2, 3))
for f in [s1, s2, s3, s4]:
    try:
        f()
    except ValueError as e:
        print(type(e).__name__, e)
print(repr(b))
