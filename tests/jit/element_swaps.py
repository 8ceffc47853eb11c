# Tuple assignment to array elements (issue 17: sorts and permutations in Numba-style
# kernels swap elements): a swap or rotation within an array compiles; an index out of
# bounds fails before any store, so the interpreter runs the statement again on the
# array as it was and raises where Python does.
import numpy as np


def bubble(a):
    n = a.shape[0]
    for i in range(n):  # jit: compiled
        for j in range(n - 1 - i):
            if a[j] > a[j + 1]:
                a[j], a[j + 1] = a[j + 1], a[j]
    return a


def rotate(a, b):
    for i in range(a.shape[0] - 2):  # jit: compiled
        a[i], a[i + 1], a[i + 2] = a[i + 2], a[i], a[i + 1]
        b[i, 0], b[i, 1] = b[i, 1], b[i, 0]
    return a, b


def shifted_swap(a, k):
    for i in range(a.shape[0]):  # jit: compiled, deopts
        a[i], a[i + k] = a[i + k], a[i]
    return a


def same_element(a):
    for i in range(a.shape[0]):  # jit: compiled
        a[i], a[-1 - i] = a[-1 - i], a[i]
    return a


print(bubble(np.array([5, 3, 9, 1, 7, 2, 8] * 6)))
print(bubble(np.linspace(1.0, 0.0, 40))[:5])
a, b = rotate(np.arange(30), np.arange(60.0).reshape(30, 2))
print(a, b[::7])
for k in (1, 0, -3, 3):
    x = np.arange(40)
    try:
        shifted_swap(x, k)
    except IndexError as e:
        print("IndexError", e)
    print(x[:8], x[-4:])
print(same_element(np.arange(41)))
