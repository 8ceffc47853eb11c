# `np.where` of arrays and `.fill()` compile (issue 16's ufunc list): `np.where` takes
# both values at every element, as numpy computes both arrays (and warns for either);
# `a.fill(v)` is `a[...] = v`. `np.where` of numbers makes a 0-d array: interpreted.
import numpy as np
def relu(x, out, steps):
    for t in range(steps):  # jit: compiled
        out[:] = np.where(x > t * 0.01, x, 0.0) + np.where(x < 0, -x, x * 0.5)
    return out
def logs(x, out):
    for t in range(30):  # jit: compiled
        out[:] = np.where(x > 0, np.log(np.abs(x) + (x <= 0)), -1.0)
    return out
def fills(a, b):
    for t in range(40):  # jit: compiled
        a.fill(t * 0.5)
        b[t % 3].fill(t)
        a[1:3].fill(-1)
    return a, b
def scalar_where(a):
    s = 0.0
    for i in range(30):
        s += np.where(a[i] > 0, 1.0, 2.0)
    return s
x = np.linspace(-1, 1, 21)
print(relu(x, np.zeros(21), 40)[:5])
print(logs(x, np.zeros(21))[:4])
print(fills(np.zeros(5), np.zeros((3, 4), np.int64)))
print(scalar_where(np.linspace(-1, 1, 30)))


def warns_either(x, out):
    # log of the negatives numpy computes and warns about, though not taken.
    for t in range(30):  # jit: compiled, deopts
        out[:] = np.where(x > 0, np.log(np.abs(x) - (t == 25) * 2.0), 0.0)
    return out


print(warns_either(np.linspace(-1, 1, 11), np.zeros(11)))
