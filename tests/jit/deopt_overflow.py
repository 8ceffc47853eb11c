import numpy as np

# A Python int leaves 64 bits mid-loop: compiled code hands the statement back and
# the interpreter goes on with an unbounded int.
def grow(n):
    x = 1
    for i in range(n):  # jit: compiled, deopts
        x = x * 3 + i
    return x

print(grow(30))
print(grow(60))

# numpy int64 wraps with a RuntimeWarning: the interpreter prints it.
def wrap(a):
    t = a[0]
    for i in range(a.shape[0]):  # jit: compiled, deopts
        t = t * 3
    return t

print(wrap(np.ones(50, dtype=np.int64)))
print(grow(0))
