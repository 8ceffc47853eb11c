# Attribute reads compile (issue 16: `self.n` / `obj.arr` kept class-based kernels
# interpreted): each is read once on entry, guarded like any live-in. Reads that could
# run code (a property) or whose object the loop rebinds stay interpreted, and a
# deopt in a loop that reads attributes resumes with the same values.
import math

import numpy as np


class Harness:
    alpha = 0.5  # a class variable: read as plainly as an instance's

    def __init__(self, n):
        self.n = n
        self.m = n + 1
        self.a = np.arange(n * (n + 1), dtype=np.float64).reshape(n, n + 1)
        self.out = np.zeros(n)
        self.calls = 0

    @property
    def rows(self):
        self.calls += 1
        return self.n

    def kernel(self):
        for i in range(self.n):  # jit: compiled
            s = 0.0
            for j in range(self.m):  # jit: compiled
                s += self.a[i, j] * self.alpha + math.pi
            self.out[i] = s
        return float(self.out.sum())

    def sizes(self):
        t = 0
        for i in range(len(self.a)):  # jit: compiled
            t += self.a.shape[1] + len(self.out) + self.a.size + self.a.ndim
        return t

    def through_property(self):
        t = 0
        for i in range(40):
            t += self.rows
        return t, self.calls

    def out_of_bounds(self):
        # Row 0 is only self.m long: the read past it raises at i == self.m.
        total = 0.0
        try:
            for i in range(2 * self.m):  # jit: compiled, deopts
                total += self.a[0, i] * self.alpha
        except IndexError as e:
            print("IndexError:", e, "total", total, "at", i)


class Nested:
    def __init__(self):
        self.h = Harness(30)
        self.k = 3


def nested_read(obj):
    acc = 0.0
    for i in range(obj.h.n):  # jit: compiled
        acc += obj.h.a[i, obj.k] * obj.h.alpha
    return acc


def rebinds(objs):
    # The loop assigns `o`, so `o.n` could change under it: interpreted.
    total = 0
    o = objs[0]
    for i in range(60):
        total += o.n
        o = objs[i % 2]
    return total


h = Harness(40)
print(h.kernel())
print(h.sizes())
print(h.through_property())
h.out_of_bounds()
print(nested_read(Nested()))
print(rebinds([Harness(3), Harness(5)]))
# The attribute changes between entries: the next entry reads the new value.
h.alpha = 2.0
print(h.kernel())
h.a = np.ones((40, 41), dtype=np.int64)
print(h.kernel())
