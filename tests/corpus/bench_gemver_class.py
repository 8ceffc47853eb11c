# bench_gemver_class: PolyBench gemver in a harness class with loop-level kernels.
# Exercises: rank-2 update self.A[i, j] += u1[i]*v1[j] + ..., then x/w accumulations, attribute scalars alpha/beta.
import numpy as np


class Gemver:
    def __init__(self, n):
        self.n = n
        self.alpha = 1.5
        self.beta = 1.2
        fn = float(n)
        i = np.arange(n, dtype=np.float64)
        self.A = ((i.reshape(n, 1) * i.reshape(1, n)) % n) / n
        self.u1 = i
        self.u2 = ((i + 1) / fn) / 2.0
        self.v1 = ((i + 1) / fn) / 4.0
        self.v2 = ((i + 1) / fn) / 6.0
        self.y = ((i + 1) / fn) / 8.0
        self.z = ((i + 1) / fn) / 9.0
        self.x = np.zeros(n)
        self.w = np.zeros(n)

    def kernel(self):
        n = self.n
        for i in range(n):  # hot
            for j in range(n):  # hot
                self.A[i, j] = self.A[i, j] + self.u1[i] * self.v1[j] + self.u2[i] * self.v2[j]
        for i in range(n):  # hot
            for j in range(n):  # hot
                self.x[i] = self.x[i] + self.beta * self.A[j, i] * self.y[j]
        for i in range(n):  # hot
            self.x[i] = self.x[i] + self.z[i]
        for i in range(n):  # hot
            for j in range(n):  # hot
                self.w[i] = self.w[i] + self.alpha * self.A[i, j] * self.x[j]


def main():
    b = Gemver(50)
    b.kernel()
    print(b.x[:5])
    print(b.w[:5])
    print(repr(b.w[-1]), repr(b.A[3, 4]))


main()
