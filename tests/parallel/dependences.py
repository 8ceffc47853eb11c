# Loops that carry a value from one iteration to the next stay serial, and the report
# says which dependence keeps them so: a running sum through the array, a recurrence
# two elements back, an element every iteration writes, a float reduction (no grant),
# views of one buffer stored through, and a scalar assigned only on some paths.
import numpy as np


def prefix(a):
    for i in range(1, a.shape[0]):  # tier2: serial(distance 1)
        a[i] = a[i - 1] + a[i]
    return a


def second_order(a):
    for i in range(2, a.shape[0]):  # tier2: serial(distance 2)
        a[i] = 0.5 * a[i - 2] - 0.25 * a[i]
    return a


def last_wins(a, out):
    for i in range(a.shape[0]):  # tier2: serial(may meet)
        out[0] = a[i] * 2.0
        out[i + 1] = a[i]
    return out


def total(a):
    s = 0.0
    for i in range(a.shape[0]):  # tier2: serial(reduction)
        s += a[i] * a[i]
    return s


def shifted_views(a):
    b = a[1:]
    for i in range(b.shape[0]):  # tier2: serial(shares its memory)
        b[i] = a[i] + 1.0
    return a


def sometimes(a, out):
    t = -1.0
    for i in range(a.shape[0]):  # tier2: serial(not assigned on every path)
        if a[i] > 0.5:
            t = a[i]
        out[i] = 2.0
    return t


a = np.arange(200) * 0.5
for rep in range(3):
    prefix(a)
print(a[:5], a[-1])
a = np.cos(np.arange(200) * 0.3)
for rep in range(3):
    second_order(a)
print(a[:4], a.sum())
out = np.zeros(201)
for rep in range(3):
    last_wins(np.arange(200.0), out)
print(out[:3], out.sum())
print(total(np.arange(500) / 7.0))
v = np.zeros(300)
for rep in range(3):
    shifted_views(v)
print(v[:4], v[-1], v.sum())
o = np.zeros(100)
print([sometimes(np.sin(np.arange(100) * k), o) for k in (0.5, 0.7, 0.9)])
