# A float32 compared with a Python float compares as float32 (numpy casts the weak
# Python float, NEP 50): `np.float32(0.1) == 0.1` holds, in compiled loops as in the
# interpreter. Each comparison operator, either side; a variable that is first a
# Python float and then a float32 (held as a double, compared as its flag says); a
# numpy float64 still promotes; a Python float beyond float32's range (numpy casts it
# to inf with a warning) goes back to the interpreter. (Outside-tester report: the
# compiled loop counted 99 of 300.)
import numpy as np


def count_equal(a, y):
    c = 0
    for i in range(len(a)):  # jit: compiled
        if a[i] == y:
            c += 1
    return c


def every_operator(a, y):
    c = 0
    for i in range(len(a)):  # jit: compiled
        x = a[i]
        c += (x < y) + 2 * (x <= y) + 4 * (x > y) + 8 * (x >= y) + 16 * (x != y) + 32 * (y == x)
        c += 64 * (y < x) + 128 * (0.1 <= x < 0.2)
    return c


def first_python_then_float32(a, y):
    c = 0
    v = 0.1
    for i in range(len(a)):  # jit: compiled
        if v == y:
            c += 1
        if y != v:
            c += 1000
        v = a[i]
    return c, v


def beyond_float32(a, y):
    c = 0
    for i in range(len(a)):  # jit: compiled, deopts
        if a[i] < y:
            c += 1
    return c


tenths = np.full(300, 0.1, dtype=np.float32)
sevenths = (np.arange(300) / 7).astype(np.float32)
for a in (tenths, sevenths):
    for y in (0.1, 1 / 7, float(np.float32(1 / 7)), 3, np.float64(0.1), np.float32(0.1)):
        print(count_equal(a, y), every_operator(a, y))
print(first_python_then_float32(tenths, 0.1), first_python_then_float32(sevenths, 0.1))
print(beyond_float32(np.ones(300, dtype=np.float32), 1e300))
