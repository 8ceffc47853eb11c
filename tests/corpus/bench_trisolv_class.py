# bench_trisolv_class: forward substitution L x = b in a harness, repeated for several right-hand sides.
# Exercises: self.L[i, :i] @ self.x[:i] style row-slice dot vs an inner scalar loop, self.x[i] = (...) / self.L[i, i].
import numpy as np


class TriSolve:
    def __init__(self, n, nrhs):
        self.n = n
        self.nrhs = nrhs
        i = np.arange(n, dtype=np.float64).reshape(n, 1)
        j = np.arange(n, dtype=np.float64).reshape(1, n)
        self.L = np.where(j <= i, (i + n - j + 1) * 2.0 / n, 0.0)
        self.B = np.arange(n * nrhs, dtype=np.float64).reshape(nrhs, n) % 9 - 4.0
        self.X = np.zeros((nrhs, n))

    def solve_one(self, b):
        x = np.zeros(self.n)
        for i in range(self.n):  # hot
            s = b[i]
            for j in range(i):  # hot
                s -= self.L[i, j] * x[j]
            x[i] = s / self.L[i, i]
        return x

    def run(self):
        for r in range(self.nrhs):
            self.X[r, :] = self.solve_one(self.B[r])


def main():
    b = TriSolve(50, 3)
    b.run()
    print(b.X[0, :5])
    print(b.X[2, -4:])
    res = b.L @ b.X[1] - b.B[1]
    print(repr(float(np.abs(res).max()) < 1e-9))


main()
