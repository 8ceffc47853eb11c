# Small methods of plain classes are inlined into the loops that call them (issue 18:
# `p.energy()`, `self.f(x)` in class-based harnesses): the method's `self.n` is the
# caller's variable for that attribute of the receiver (`p.n`, `self.n`), its calls of
# its own object's methods are inlined in turn, and a guard keeps the object's class
# and the function it gives. Methods that store attributes, use `self` itself, or are
# replaced or shadowed later are not inlined (or that entry stays interpreted).
import math

import numpy as np


class Body:
    def __init__(self, m, x, v):
        self.m = m
        self.x = x
        self.v = v

    def energy(self):
        return 0.5 * self.m * self.v * self.v

    def momentum(self):
        return self.m * self.v

    def moved(self, dt):
        return self.x + self.v * dt

    def both(self, dt):
        return self.energy() + self.moved(dt)

    def itself(self):
        return describe(self)

    def bump(self):
        self.v += 1.0
        return self.v


def describe(b):
    return b.m


class Harness:
    def __init__(self, n):
        self.n = n
        self.a = np.linspace(0.0, 1.0, n)
        self.scale = 2.0

    def f(self, x):
        return math.sin(x) * self.scale

    def g(self, i):
        if i % 2 == 0:
            return self.a[i] * 2
        return -self.a[i]

    def run(self):
        s = 0.0
        for i in range(self.n):  # jit: compiled
            s += self.f(self.a[i]) + self.g(i)
        return s

    def growing(self):
        # The loop stores `self.scale`, which the inlined `f` reads: one variable.
        s = 0.0
        for i in range(self.n):  # jit: compiled
            self.scale *= 1.01
            s += self.f(1.0)
        return s, self.scale

    def past_the_end(self):
        s = 0.0
        try:
            for i in range(self.n + 3):  # jit: compiled, deopts
                s += self.g(i)
        except IndexError as e:
            print("IndexError:", e, s)


def total(b, steps, dt):
    e = 0.0
    for k in range(steps):  # jit: compiled
        e += b.energy() + b.both(dt) - b.momentum()
    return e


def stored_then_read(b, steps):
    # The loop only stores `b.m`, which the inlined method reads first: the entry
    # reads it all the same, and nothing hands back.
    t = 0.0
    for k in range(steps):  # jit: compiled, clean
        t += b.energy()
        b.m = k * 0.5
    return t, b.m


def uses_self(b, steps):
    t = 0.0
    for k in range(steps):
        t += b.itself()
    return t


def stores(b, steps):
    t = 0.0
    for k in range(steps):
        t += b.bump()
    return t


b = Body(2.0, 1.0, 0.5)
print(total(b, 100, 0.1))
print(stored_then_read(Body(2.0, 1.0, 0.5), 80))
print(uses_self(b, 60))
print(stores(b, 60), b.v)

h = Harness(50)
print(h.run())
print(h.growing())
h.past_the_end()

# Another class's object under the same name: the guard sends it elsewhere.
class Heavy(Body):
    def energy(self):
        return self.m * self.v * self.v


print(total(Heavy(3.0, 0.0, 2.0), 100, 0.1))
# The method replaced on the class, then shadowed on the instance.
Body.momentum = lambda self: -self.m
print(total(b, 100, 0.1))
b.energy = lambda: 100.0
print(total(b, 100, 0.1))
