# py_bench_transpose_class: a class-based matrix benchmark on lists of lists: the transpose of B built in a method, C = A B by dot products of A's rows with B^T's rows, the same product in the naive i-j-k order, a blocked transpose in place of a square matrix, and the trace and Frobenius norm of the results, with the repetition count kept on the object.
# Exercises: self.n / self.m / self.p / self.reps as loop bounds, self.a / self.b / self.bt / self.c lists of lists as attributes, bt[j][i] = b[i][j] writes through two subscripts, row aliases ai = a[i] / bj = bt[j] in a dot product loop over self.m, s += ai[k] * b[k][j] reading down a column, a swap t[i][j], t[j][i] = t[j][i], t[i][j] in blocks of self.block, a method returning a float sum.
import math


class TransposeBench:
    def __init__(self, n, m, p, block, reps):
        self.n = n
        self.m = m
        self.p = p
        self.block = block
        self.reps = reps
        self.a = [[((i * 3 + k * 5) % 17 - 8) * 0.25 for k in range(m)] for i in range(n)]
        self.b = [[((k * 7 + j * 2) % 13 - 6) * 0.5 for j in range(p)] for k in range(m)]
        self.bt = [[0.0] * m for _ in range(p)]
        self.c = [[0.0] * p for _ in range(n)]
        self.sq = [[float(i * n + j) for j in range(n)] for i in range(n)]

    def transpose_b(self):
        b = self.b
        bt = self.bt
        for i in range(self.m):  # hot
            for j in range(self.p):  # hot
                bt[j][i] = b[i][j]

    def multiply_transposed(self):
        a = self.a
        bt = self.bt
        c = self.c
        for i in range(self.n):  # hot
            ai = a[i]
            ci = c[i]
            for j in range(self.p):  # hot
                bj = bt[j]
                s = 0.0
                for k in range(self.m):  # hot
                    s += ai[k] * bj[k]
                ci[j] = s

    def multiply_naive(self):
        a = self.a
        b = self.b
        out = [[0.0] * self.p for _ in range(self.n)]
        for i in range(self.n):  # hot
            for j in range(self.p):  # hot
                s = 0.0
                for k in range(self.m):  # hot
                    s += a[i][k] * b[k][j]
                out[i][j] = s
        return out

    def transpose_square_blocked(self):
        t = self.sq
        n = self.n
        bs = self.block
        for ii in range(0, n, bs):
            for jj in range(ii, n, bs):  # hot
                for i in range(ii, min(ii + bs, n)):  # hot
                    start = i + 1 if ii == jj else jj
                    for j in range(start, min(jj + bs, n)):  # hot
                        t[i][j], t[j][i] = t[j][i], t[i][j]

    def trace(self):
        s = 0.0
        for i in range(min(self.n, self.p)):
            s += self.c[i][i]
        return s

    def frobenius(self):
        s = 0.0
        for row in self.c:
            for x in row:  # hot
                s += x * x
        return math.sqrt(s)

    def run(self):
        naive = None
        for r in range(self.reps):
            self.transpose_b()
            self.multiply_transposed()
            naive = self.multiply_naive()
            self.transpose_square_blocked()
        return naive


def main():
    bench = TransposeBench(24, 20, 28, 4, 3)
    naive = bench.run()
    worst = 0.0
    for i in range(bench.n):
        for j in range(bench.p):  # hot
            d = abs(naive[i][j] - bench.c[i][j])
            if d > worst:
                worst = d
    print(worst, bench.trace(), f"{bench.frobenius():.12g}")
    print(bench.c[0][:6], bench.c[23][-4:])
    print(bench.bt[3][:8] == [row[3] for row in bench.b[:8]])
    # three transposes of the square matrix leave it transposed
    sq = bench.sq
    print(sq[0][:5], sq[1][0], sq[23][22], all(sq[i][j] == float(j * bench.n + i) for i in range(bench.n) for j in range(bench.n)))
    col_sums = [0.0] * bench.p
    for row in bench.c:
        for j in range(bench.p):  # hot
            col_sums[j] += row[j]
    print(col_sums[:5], sum(col_sums))


main()
