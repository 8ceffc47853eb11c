"""harness_methods: a class-based benchmark harness, sizes and state as attributes, a
small method called in the hot loop (`self.force(x)`), counters kept in attributes
(`self.steps += 1`, `self.energy += ...`); compiled, the method is inlined and the
attributes are held in variables while the loop runs.
"""

import math
import sys
import time

TINY_N = 16
TABLE_N = 200_000
LARGE_N = 1_000_000


class Oscillators:
    def __init__(self, n):
        self.n = n
        self.k = 1.5
        self.damping = 0.01
        self.dt = 0.001
        self.energy = 0.0
        self.steps = 0

    def force(self, x, v):
        return -self.k * math.sin(x) - self.damping * v

    def run(self, x0, v0):
        x, v = x0, v0
        for i in range(self.n):
            a = self.force(x, v)
            v += a * self.dt
            x += v * self.dt
            self.energy += 0.5 * v * v
            self.steps += 1
        return x, v


def inputs(n):
    return Oscillators(n), 0.5, 0.0


def harness_methods(h, x0, v0):
    x, v = h.run(x0, v0)
    return x, v, h.energy, h.steps


def checksum(result):
    x, v, e, steps = result
    return x + v + e + steps


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = harness_methods(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
