# Calls of functions compiled whole from interpreted code: a call that compiled code
# ends returns its value at once (`_kiln_jit.quick`), without the write-back of the
# function's variables; a call that hands back mid-way (an int64 overflow, which
# numpy warns of) resumes the interpreter where it stopped and returns what it does;
# a function that assigns a global stays interpreted (and so is still assigned).
import numpy as np
from numba import njit

counter = 0


@njit
def scaled(x, k):  # jit: compiled
    return x * k + 1.0


@njit
def stats(a):  # jit: compiled
    lo = a[0]
    hi = a[0]
    total = 0.0
    for i in range(a.shape[0]):
        v = a[i]
        total += v
        if v < lo:
            lo = v
        if v > hi:
            hi = v
    return lo, hi, total / a.shape[0]


@njit
def nothing(a):  # jit: compiled
    for i in range(a.shape[0]):
        a[i] = a[i] * 2.0


@njit
def early(a, limit):  # jit: compiled
    for i in range(a.shape[0]):
        if a[i] > limit:
            return i
    return -1


@njit
def grow(a, big):  # jit: compiled, deopts
    # Past 2**63 the int64 product overflows: the call hands back and the
    # interpreter finishes it with numpy's warning.
    acc = 1
    for i in range(a.shape[0]):
        acc = acc * a[i] * big
    return acc


@njit
def bump(n):
    global counter
    counter = counter + n
    return counter


a = np.arange(1.0, 9.0)
ints = np.array([3, 5, 7, 11], dtype=np.int64)
s = 0.0
for k in range(300):
    s += scaled(float(k), 0.5)
print(s)
for k in range(200):
    r = stats(a * (k % 7 - 2.5))
print(r, type(r[0]), type(r[2]))
b = a.copy()
for k in range(50):
    out = nothing(b)
print(out, b[:3])
hits = [early(a, float(k % 10)) for k in range(200)]
print(hits[:12], sum(hits))
results = [grow(ints, 1 << (k % 40)) for k in range(120)]
print(results[0], results[39], results[-1], type(results[-1]))
for k in range(100):
    last = bump(k)
print(last, counter)
