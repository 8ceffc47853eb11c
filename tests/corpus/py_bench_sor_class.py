# py_bench_sor_class: a class-based successive over-relaxation benchmark (SciMark style) solving the 2-D Poisson equation on an n x m list-of-lists grid with fixed boundaries, iterating to a residual tolerance.
# Exercises: self.n / self.m / self.omega read in nested loops of methods, self.grid rows hoisted (above, row, below = g[i - 1], g[i], g[i + 1]), a red-black ordering through range(start, m - 1, 2) with start = 1 + i % 2, a residual method with a running max, a while loop bounded by self.max_iter.


class SOR:
    def __init__(self, n, m, omega, max_iter):
        self.n = n
        self.m = m
        self.omega = omega
        self.max_iter = max_iter
        self.h = 1.0 / (n - 1)
        self.grid = [[0.0] * m for _ in range(n)]
        self.rhs = [[0.0] * m for _ in range(n)]
        self.iterations = 0
        for i in range(n):
            for j in range(m):  # hot
                if i == 0:
                    self.grid[i][j] = 1.0
                self.rhs[i][j] = 0.5 if (n // 3 <= i < 2 * n // 3 and m // 3 <= j < 2 * m // 3) else 0.0

    def half_sweep(self, colour):
        g = self.grid
        f = self.rhs
        w = self.omega
        h2 = self.h * self.h
        for i in range(1, self.n - 1):  # hot
            above = g[i - 1]
            row = g[i]
            below = g[i + 1]
            fi = f[i]
            start = 1 + (i + colour) % 2
            for j in range(start, self.m - 1, 2):  # hot
                gs = 0.25 * (above[j] + below[j] + row[j - 1] + row[j + 1] + h2 * fi[j])
                row[j] += w * (gs - row[j])

    def residual(self):
        g = self.grid
        h2 = self.h * self.h
        worst = 0.0
        for i in range(1, self.n - 1):  # hot
            for j in range(1, self.m - 1):  # hot
                r = g[i - 1][j] + g[i + 1][j] + g[i][j - 1] + g[i][j + 1] - 4.0 * g[i][j] + h2 * self.rhs[i][j]
                if abs(r) > worst:
                    worst = abs(r)
        return worst

    def solve(self, tol):
        res = self.residual()
        while res > tol and self.iterations < self.max_iter:  # hot, interpreted: `self.grid` is a list: using it as a value stays interpreted
            self.half_sweep(0)
            self.half_sweep(1)
            self.iterations += 1
            if self.iterations % 5 == 0:
                res = self.residual()
        return res


def main():
    s = SOR(22, 26, 1.7, 200)
    res = s.solve(1e-9)
    print(s.iterations, res < 1e-9, round(res, 15))
    g = s.grid
    print(round(g[11][13], 12), round(g[5][5], 12), round(g[20][24], 12))
    total = 0.0
    for row in g:
        total += sum(row)
    print(round(total, 10))


main()
