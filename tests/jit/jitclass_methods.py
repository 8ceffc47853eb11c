# Methods of `@jitclass` objects called in compiled loops are spliced into them (issue
# 17: Numba-style code keeps state in jitclasses; issue 18: objects): `acc.add(x)` runs
# the method's body with `self.n` held as the caller's variable `acc.n`, and a method
# calling another of its object's (`self.record(x)`) splices that one too. A check that
# fails inside a method hands back at that statement of that method, the attributes
# stored until then written back; two names for one object, a method replaced on the
# class or shadowed by the instance, make the entry stay interpreted.
import numpy as np
from numba import njit, float64, int64
from numba.experimental import jitclass

spec = [("n", int64), ("total", float64), ("buf", float64[:]), ("pos", int64)]


@jitclass(spec)
class Acc:
    def __init__(self, size):
        self.n = 0
        self.total = 0.0
        self.buf = np.zeros(size)
        self.pos = 0

    def add(self, x):  # jit: compiled
        self.n += 1
        self.total += x
        self.record(x * 2.0)

    def record(self, x):
        # Past the end once `pos` reaches the size: IndexError.
        self.buf[self.pos] = x
        self.pos += 1

    def scaled(self, x, d):
        self.n += 1
        self.total += x / d


@njit
def feed(acc, data):  # jit: compiled, deopts
    for i in range(data.shape[0]):
        acc.add(data[i])


def feed_scaled(acc, data, d):
    for i in range(len(data)):  # jit: compiled, deopts
        acc.scaled(float(data[i]), d - i)


def counted(acc, data):
    # The loop reads `acc.n`, which only the method stores.
    seen = 0
    for i in range(len(data)):  # jit: compiled
        acc.add(data[i])
        seen += acc.n
    return seen


def both(a, b, data):
    for i in range(len(data)):  # jit: compiled
        a.add(data[i])
        b.scaled(data[i], 4)


def show(acc):
    print(acc.n, round(acc.total, 12), acc.pos, acc.buf[: min(acc.pos, 6)])


data = np.sin(np.arange(60.0))
a = Acc(100)
feed(a, data[:50])
show(a)
feed(a, data[50:])
show(a)

small = Acc(10)
try:
    feed(small, data[:50])
except IndexError as e:
    print("IndexError:", e)
show(small)

c = Acc(100)
try:
    feed_scaled(c, data, 40)
except ZeroDivisionError:
    print("ZeroDivisionError")
show(c)
feed_scaled(c, data[:30], 100)
show(c)

z = Acc(100)
print(counted(z, data))
show(z)

x, y = Acc(200), Acc(200)
both(x, y, data)
show(x)
show(y)
both(x, x, data[:30])
show(x)


def halved(self, x, d):
    self.n += 2
    self.total += x / 2


Acc.scaled = halved
feed_scaled(c, data[:30], 100)
show(c)
y.scaled = lambda v, d: print("shadowed", v, d)
both(x, y, data[:3])
show(x)
