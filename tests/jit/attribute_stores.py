# Attribute stores compile (issue 18: particles as objects, `self.total += x` in
# class-based harnesses): a stored attribute is held in a variable while the nest runs
# and written back when it ends or hands a statement back. Stores that would run code
# (`__setattr__`, slots), two names for one object, and attributes the loop creates stay
# interpreted; values and types are the interpreter's at every exit.
import types

import numpy as np


class Stats:
    def __init__(self):
        self.n = 0
        self.total = 0.0
        self.lo = np.inf
        self.hi = -np.inf


class Harness:
    def __init__(self, n):
        self.n = n
        self.x = np.linspace(-1.0, 2.0, n)
        self.stats = Stats()
        self.t = 0.0
        self.dt = 0.125
        self.steps = 0
        self.u = np.zeros(n)
        self.v = np.ones(n)

    def run(self, steps):
        for k in range(steps):  # jit: compiled
            self.t += self.dt
            self.steps += 1
            for i in range(self.n):  # jit: compiled
                y = self.x[i] * self.t
                self.stats.n += 1
                self.stats.total += y
                if y < self.stats.lo:
                    self.stats.lo = y
                if y > self.stats.hi:
                    self.stats.hi = y
        return self.t, self.steps

    def swap_buffers(self, steps):
        for k in range(steps):  # jit: compiled
            for i in range(self.n):  # jit: compiled
                self.u[i] = 0.5 * self.v[i] + k
            self.u, self.v = self.v, self.u
        return float(self.u.sum()), float(self.v.sum())

    def until_out_of_bounds(self):
        # The read past the end raises at i == n: the attributes stored by then are
        # written back before the interpreter raises.
        try:
            for i in range(self.n + 5):  # jit: compiled, deopts
                self.steps += 2
                self.t = self.t * 0.5 + self.x[i]
        except IndexError as e:
            print("IndexError:", e, self.steps, self.t)

    def until_zero(self, d):
        for i in range(40):  # jit: compiled, deopts
            self.steps += 1
            self.t += 1.0 / (d - i)
        return self.steps, self.t


def int_then_float(obj):
    # The attribute is an int on entry and becomes a float: written back as a float.
    for i in range(50):  # jit: compiled
        obj.acc += 0.5
        obj.count = obj.count + 1
    return obj.acc, type(obj.acc).__name__, obj.count


def tuple_and_chained(p):
    for i in range(64):  # jit: compiled
        p.a, p.b = p.b, p.a + p.b
        p.a = p.b = p.b % 997
        p.c = p.d = i
    return p.a, p.b, p.c, p.d


def two_objects(a, b, n):
    # With `a is b` the two attributes are one: that entry stays interpreted.
    for i in range(n):  # jit: compiled
        a.x += 1.0
        b.x += 2.0
    return a.x, b.x


class Loud:
    def __init__(self):
        self.y = 0

    def __setattr__(self, name, value):
        print("store", name, value)
        object.__setattr__(self, name, value)


class Slotted:
    __slots__ = ("y",)

    def __init__(self):
        self.y = 0


def stores_y(obj):
    for i in range(30):
        obj.y += i
    return obj.y


class Property:
    def __init__(self):
        self._y = 0

    @property
    def y(self):
        return self._y

    @y.setter
    def y(self, value):
        print("set y", value)
        self._y = value


def sets_y(obj):
    for i in range(30):
        obj.y = i
    return obj.y


def creates(obj, n):
    # `obj.fresh` need not be there on entry: it is stored, never read.
    for i in range(n):  # jit: compiled
        obj.fresh = i * 2
    return getattr(obj, "fresh", "absent")


h = Harness(25)
print(h.run(12))
s = h.stats
print(s.n, s.total, s.lo, s.hi, type(s.lo).__name__)
print(h.swap_buffers(7))
h.until_out_of_bounds()
try:
    h.until_zero(33.0)
except ZeroDivisionError as e:
    print("ZeroDivisionError", h.steps, h.t)
print(h.until_zero(100.0))

ns = types.SimpleNamespace(acc=1, count=0)
print(int_then_float(ns))
print(int_then_float(ns))

p = types.SimpleNamespace(a=1, b=1, c=None, d=None)
print(tuple_and_chained(p))

q = types.SimpleNamespace(x=0.0)
r = types.SimpleNamespace(x=0.0)
print(two_objects(q, r, 40))
print(two_objects(q, q, 40))
print(two_objects(r, q, 40))

print(stores_y(Loud()))
print(stores_y(Slotted()))
print(sets_y(Property()))
print(sets_y(Slotted()))
o = types.SimpleNamespace()
print(creates(o, 0), creates(o, 30), o.fresh)
print(creates(types.SimpleNamespace(), 0))
try:
    creates(object(), 30)
except AttributeError:
    print("AttributeError")
