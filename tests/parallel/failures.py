# A check that fails inside a parallel run: the stores of later chunks are undone and
# the nest runs serially from its start, so the exception comes at the iteration the
# interpreter raises it at, after exactly the stores the interpreter made: an index
# past the end read through another array, a math domain error, and an integer
# division by zero.
import math

import numpy as np


def gather(src, idx, out):
    for i in range(idx.shape[0]):  # tier2: parallel, undone
        out[i] = src[idx[i]] * 2.0
    return out


def logs(x, out):
    for i in range(x.shape[0]):  # tier2: undone
        out[i] = math.log(x[i]) + 1.0
    return out


def quotients(a, b, out):
    for i in range(a.shape[0]):  # tier2: undone
        out[i] = a[i] // b[i]
    return out


src = np.arange(50) * 1.5
idx = (np.arange(400) * 7) % 50
out = np.zeros(400)
for rep in range(3):
    gather(src, idx, out)
print(out.sum())
idx[377] = 50
out[:] = 0.0
try:
    gather(src, idx, out)
except IndexError as e:
    print("IndexError:", e)
print(out[370:380], out.sum())

x = np.linspace(0.5, 3.0, 300)
out = np.zeros(300)
for rep in range(3):
    logs(x, out)
print(out.sum())
x[250] = -1.0
out[:] = 0.0
try:
    logs(x, out)
except ValueError as e:
    print("ValueError:", e)
print(out[245:255], out.sum())

a = np.arange(300)
b = np.arange(300) % 7 + 1
q = np.zeros(300, dtype=np.int64)
for rep in range(3):
    quotients(a, b, q)
print(q.sum())
b[200] = 0
q[:] = 0
try:
    quotients(a, b, q)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
print(q[195:205], q.sum())
