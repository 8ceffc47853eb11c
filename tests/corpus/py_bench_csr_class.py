# py_bench_csr_class: a class-based sparse-matrix benchmark: a 2-D Laplacian assembled in CSR form (row pointers, column indices and values as list attributes), repeated sparse matrix-vector products, and a Jacobi solve using the stored diagonal.
# Exercises: self.nrows / self.rowptr / self.cols / self.vals read in nested loops (for k in range(self.rowptr[i], self.rowptr[i + 1])), appends to attribute lists during assembly, an int-indexed gather x[self.cols[k]], a Jacobi iteration with a new list per sweep and a max-norm stopping test.


class CSRMatrix:
    def __init__(self, nx, ny):
        self.nx = nx
        self.ny = ny
        self.nrows = nx * ny
        self.rowptr = [0]
        self.cols = []
        self.vals = []
        self.diag = [0.0] * self.nrows
        self.assemble()

    def assemble(self):
        nx, ny = self.nx, self.ny
        for r in range(self.nrows):  # hot, interpreted: a call of `self.cols.append()` stays interpreted
            i = r // nx
            j = r % nx
            if i > 0:
                self.cols.append(r - nx)
                self.vals.append(-1.0)
            if j > 0:
                self.cols.append(r - 1)
                self.vals.append(-1.0)
            self.cols.append(r)
            self.vals.append(4.0 + 0.01 * (r % 3))
            self.diag[r] = 4.0 + 0.01 * (r % 3)
            if j < nx - 1:
                self.cols.append(r + 1)
                self.vals.append(-1.0)
            if i < ny - 1:
                self.cols.append(r + nx)
                self.vals.append(-1.0)
            self.rowptr.append(len(self.cols))

    def matvec(self, x, y):
        for i in range(self.nrows):  # hot
            s = 0.0
            for k in range(self.rowptr[i], self.rowptr[i + 1]):  # hot
                s += self.vals[k] * x[self.cols[k]]
            y[i] = s
        return y

    def jacobi(self, b, tol, max_sweeps):
        n = self.nrows
        x = [0.0] * n
        sweeps = 0
        change = tol + 1.0
        while change > tol and sweeps < max_sweeps:  # hot, interpreted: a list stays interpreted
            new = [0.0] * n
            change = 0.0
            for i in range(n):  # hot
                s = b[i]
                for k in range(self.rowptr[i], self.rowptr[i + 1]):  # hot
                    c = self.cols[k]
                    if c != i:
                        s -= self.vals[k] * x[c]
                v = s / self.diag[i]
                d = abs(v - x[i])
                if d > change:
                    change = d
                new[i] = v
            x = new
            sweeps += 1
        return x, sweeps


def main():
    A = CSRMatrix(12, 10)
    print(A.nrows, len(A.vals), A.rowptr[:6], A.cols[:8])
    x = [1.0 + (i % 5) * 0.5 for i in range(A.nrows)]
    y = [0.0] * A.nrows
    for rep in range(20):
        A.matvec(x, y)
    print(y[:4], round(sum(y), 10))
    b = [1.0] * A.nrows
    sol, sweeps = A.jacobi(b, 1e-9, 800)
    r = A.matvec(sol, [0.0] * A.nrows)
    print(sweeps, max(abs(r[i] - b[i]) for i in range(A.nrows)) < 1e-8, round(sol[0], 10), round(sol[55], 10))


main()
