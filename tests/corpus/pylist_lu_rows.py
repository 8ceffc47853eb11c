# pylist_lu_rows: LU factorisation and a solve on a list of lists, rows hoisted into names as hand-tuned pure Python writes them.
# Exercises: row = A[i] aliases read and stored through (Ai[j] -= f * Ak[j]), len(row), a list of rows made in the function, back substitution with a reversed range.


def lu_inplace(A):
    n = len(A)
    for k in range(n):  # hot
        Ak = A[k]
        pivot = Ak[k]
        for i in range(k + 1, n):  # hot
            Ai = A[i]
            f = Ai[k] / pivot
            Ai[k] = f
            for j in range(k + 1, n):  # hot
                Ai[j] -= f * Ak[j]
    return A


def solve(LU, b):
    n = len(LU)
    y = [0.0] * n
    for i in range(n):  # hot
        row = LU[i]
        s = b[i]
        for j in range(i):  # hot
            s -= row[j] * y[j]
        y[i] = s
    x = [0.0] * n
    for i in range(n - 1, -1, -1):  # hot
        row = LU[i]
        s = y[i]
        for j in range(i + 1, n):  # hot
            s -= row[j] * x[j]
        x[i] = s / row[i]
    return x


def main():
    n = 40
    A = [[(1.0 if i == j else 0.0) * n + ((i * 7 + j * 3) % 5) * 0.25 for j in range(n)] for i in range(n)]
    b = [float((i * 3) % 7 - 3) for i in range(n)]
    LU = lu_inplace([row[:] for row in A])
    x = solve(LU, b)
    print([round(v, 10) for v in x[:6]])
    resid = max(abs(sum(A[i][j] * x[j] for j in range(n)) - b[i]) for i in range(n))
    print(resid < 1e-9, round(LU[5][7], 12), round(LU[n - 1][n - 1], 12))


main()
