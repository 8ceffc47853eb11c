# bench_matvec_class: class-based benchmark harness computing y = A x with explicit loops.
# Exercises: attributes self.n / self.a / self.out, reading self.a[i, j], writing self.out[i] in nested loops.
import numpy as np


class MatVec:
    def __init__(self, n):
        self.n = n
        self.a = np.fromfunction(lambda i, j: (i + 2 * j) % 7 - 3.0, (n, n))
        self.x = np.linspace(-1.0, 1.0, n)
        self.out = np.zeros(n)

    def run(self):
        for i in range(self.n):  # hot
            s = 0.0
            for j in range(self.n):  # hot
                s += self.a[i, j] * self.x[j]
            self.out[i] = s

    def result(self):
        return self.out


def main():
    bench = MatVec(60)
    bench.run()
    y = bench.result()
    print(y[:8])
    print(repr(y.max()), repr(y.min()))
    print(bool(np.abs(y - bench.a @ bench.x).max() < 1e-12))


main()
