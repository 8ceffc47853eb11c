# bench_prefix_class: harness computing running sums / running maxima of a signal.
# Exercises: for i in range(1, self.n) with self.out[i] = self.out[i - 1] + self.x[i], max() of numpy scalars.
import numpy as np


class Prefix:
    def __init__(self, n):
        self.n = n
        t = np.arange(n, dtype=np.float64)
        self.x = ((t * 7.0) % 13.0 - 5.75) / 4.0
        self.out = np.zeros(n)
        self.runmax = np.zeros(n)

    def scan(self):
        self.out[0] = self.x[0]
        self.runmax[0] = self.x[0]
        for i in range(1, self.n):  # hot
            self.out[i] = self.out[i - 1] + self.x[i]
            self.runmax[i] = max(self.runmax[i - 1], self.out[i])

    def check(self):
        return bool(np.array_equal(self.out, np.cumsum(self.x)))


def main():
    b = Prefix(800)
    b.scan()
    print(b.out[:6], b.out[-3:])
    print(b.runmax[::100])
    print(b.check(), repr(b.out[b.n - 1]))


main()
