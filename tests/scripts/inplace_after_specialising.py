# `x op= y` is the in-place operator every time, also at an instruction that first ran
# many times on floats, ints or strs (RustPython 0.6 specialises those, and its
# specialised instruction fell back to the plain operator: a list or an array was
# copied instead of updated, and a TypeError said "+" for "+=").
import numpy as np


def add(total, x):
    total += x
    return total


def scale(total, x):
    total *= x
    return total


def drop(total, x):
    total -= x
    return total


def union(total, x):
    total |= x
    return total


class Acc:
    def __init__(self):
        self.seen = []

    def __iadd__(self, other):
        self.seen.append(other)
        return self


for i in range(200):
    add(1.0, 2.0)
    add(1, 2)
    add("a", "b")
    scale(1.5, 2.0)
    drop(3, 1)
    union(1, 2)

items = [1]
out = add(items, [2])
print(items, out is items)
arr = np.zeros(3)
out = add(arr, 1.5)
print(arr.tolist(), out is arr)
arr2 = np.ones(2)
scale(arr2, 3.0)
print(arr2.tolist())
s = {1, 2, 3}
drop(s, {2})
print(sorted(s))
u = {1}
union(u, {5})
print(sorted(u))
acc = Acc()
add(acc, 7)
print(acc.seen)
rep = [0, 1]
scale(rep, 2)
print(rep)
for bad in ("s", None, [1]):
    try:
        add(1.5, bad)
    except TypeError as e:
        print(type(e).__name__, e)
try:
    drop(5, "x")
except TypeError as e:
    print(type(e).__name__, e)
