import numpy as np
a = np.zeros(5)
b = np.zeros((3, 4))
def s1(): a[[0, 1, 2]] = [1, 2]
def s2(): b[[0, 1]] = [1, 2, 3]
def s3(): b[[0, 2], [1, 3]] = [1, 2, 3]
def s4(): b[:, [0, 1]] = np.ones((3, 3))
for f in [s1, s2, s3, s4]:
    try:
        f()
    except ValueError as e:
        print(type(e).__name__, e)
