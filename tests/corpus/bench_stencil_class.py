# bench_stencil_class: class harness for a 5-point stencil written with element loops.
# Exercises: self.src[i, j] neighbour reads, self.dst[i, j] writes, swapping attributes each sweep.
import numpy as np


class Stencil:
    def __init__(self, n, sweeps):
        self.n = n
        self.sweeps = sweeps
        self.src = np.zeros((n, n))
        self.src[0, :] = 100.0
        self.src[:, -1] = np.linspace(100.0, 0.0, n)
        self.dst = self.src.copy()

    def sweep(self):
        n = self.n
        for i in range(1, n - 1):  # hot
            for j in range(1, n - 1):  # hot
                self.dst[i, j] = 0.25 * (self.src[i - 1, j] + self.src[i + 1, j]
                                         + self.src[i, j - 1] + self.src[i, j + 1])

    def run(self):
        for s in range(self.sweeps):  # hot
            self.sweep()
            self.src, self.dst = self.dst, self.src


def main():
    b = Stencil(24, 60)
    b.run()
    print(b.src[1, :8])
    print(b.src[12, 10:16])
    print(repr(b.src[5, 20]))


main()
