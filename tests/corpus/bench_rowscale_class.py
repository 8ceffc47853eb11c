# bench_rowscale_class: harness that repeatedly scales and normalises matrix rows.
# Exercises: row updates self.a[i, :] = self.a[i, :] * self.s, self.a[i].max(), attribute scalars.
import numpy as np


class RowScale:
    def __init__(self, n, m, reps):
        self.n = n
        self.m = m
        self.reps = reps
        self.s = 1.5
        self.a = (np.arange(n * m, dtype=np.float64).reshape(n, m) % 11) + 1.0
        self.norms = np.zeros(n)

    def kernel(self):
        for r in range(self.reps):  # hot
            for i in range(self.n):  # hot
                self.a[i, :] = self.a[i, :] * self.s
                big = self.a[i].max()
                self.a[i, :] = self.a[i, :] / big + 0.01 * (i % 3)
                self.norms[i] += big

    def checksum(self):
        return self.a[:, :4], self.norms[:6]


def main():
    b = RowScale(40, 30, 50)
    b.kernel()
    head, norms = b.checksum()
    print(head[:3])
    print(norms)
    print(repr(b.a[7, 9]))


main()
