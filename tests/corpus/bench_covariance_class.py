# bench_covariance_class: npbench-style covariance kernel wrapped in a harness class.
# Exercises: column means via self.data.mean(axis=0), in-place self.data -= mean, triangular loop with row dots.
import numpy as np


class Covariance:
    def __init__(self, m, n):
        self.m = m
        self.n = n
        self.float_n = float(n)
        i = np.arange(n, dtype=np.float64).reshape(n, 1)
        j = np.arange(m, dtype=np.float64).reshape(1, m)
        self.data = (i * j) / m + (i % 5) - (j % 3)
        self.cov = np.zeros((m, m))

    def kernel(self):
        mean = self.data.mean(axis=0)
        self.data -= mean
        for i in range(self.m):  # hot
            for j in range(i, self.m):  # hot
                c = 0.0
                for k in range(self.n):  # hot
                    c += self.data[k, i] * self.data[k, j]
                self.cov[i, j] = c / (self.float_n - 1.0)
                self.cov[j, i] = self.cov[i, j]


def main():
    b = Covariance(50, 30)
    b.kernel()
    print(b.cov[0, :6])
    print(b.cov[49, 44:])
    print(repr(b.cov[3, 7]), repr(b.cov.max()))


main()
