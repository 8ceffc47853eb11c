# jitclass_welford: streaming mean/variance (Welford) and a fixed-size ring buffer as jitclasses, fed from a jitted loop.
# Exercises: from numba.experimental import jitclass; spec lists with float64, int64 and float64[:] members; methods calling each other; jitclass instances passed to @njit functions and read from Python.
import numpy as np
from numba import njit, float64, int64
from numba.experimental import jitclass

welford_spec = [
    ("n", int64),
    ("mean", float64),
    ("m2", float64),
    ("lo", float64),
    ("hi", float64),
]


@jitclass(welford_spec)
class Welford:
    def __init__(self):
        self.n = 0
        self.mean = 0.0
        self.m2 = 0.0
        self.lo = np.inf
        self.hi = -np.inf

    def push(self, x):
        self.n += 1
        d = x - self.mean
        self.mean += d / self.n
        self.m2 += d * (x - self.mean)
        if x < self.lo:
            self.lo = x
        if x > self.hi:
            self.hi = x

    def variance(self):
        return self.m2 / (self.n - 1) if self.n > 1 else 0.0


ring_spec = [("buf", float64[:]), ("pos", int64), ("count", int64)]


@jitclass(ring_spec)
class Ring:
    def __init__(self, size):
        self.buf = np.zeros(size)
        self.pos = 0
        self.count = 0

    def add(self, x):
        self.buf[self.pos] = x
        self.pos = (self.pos + 1) % self.buf.shape[0]
        self.count += 1

    def total(self):
        s = 0.0
        for i in range(self.buf.shape[0]):
            s += self.buf[i]
        return s


@njit
def feed(acc, ring, data):
    for i in range(data.shape[0]):  # hot
        acc.push(data[i])
        ring.add(data[i])


def main():
    data = ((np.arange(300) * 61) % 97) / 16.0 - 2.0
    acc = Welford()
    ring = Ring(16)
    feed(acc, ring, data[:100])
    print(acc.n, acc.mean, round(acc.variance(), 12), acc.lo, acc.hi)
    feed(acc, ring, data[100:230])
    print(acc.n, round(acc.mean, 12), round(acc.variance(), 12))
    feed(acc, ring, data[230:])
    print(acc.n, round(acc.mean, 12), round(acc.variance(), 12))
    print(ring.count, ring.pos, ring.total())
    print(ring.buf[:6])
    for k in range(5):
        acc.push(100.0 + k)
    print(acc.n, acc.hi, round(acc.mean, 12))


main()
