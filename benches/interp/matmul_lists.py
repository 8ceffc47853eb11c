"""Naive matrix multiply over lists of lists, C = A B."""

N = 168


def make_matrix(n, a, b):
    return [[((i * a + j * b) % 17) / 8.0 - 1.0 for j in range(n)] for i in range(n)]


def matmul(A, B):
    n = len(A)
    m = len(B[0])
    inner = len(B)
    C = []
    for i in range(n):
        row = []
        for j in range(m):
            s = 0.0
            for k in range(inner):
                s += A[i][k] * B[k][j]
            row.append(s)
        C.append(row)
    return C


def main():
    A = make_matrix(N, 3, 5)
    B = make_matrix(N, 7, 2)
    C = matmul(A, B)
    total = 0.0
    trace = 0.0
    for i, row in enumerate(C):
        total += sum(row)
        trace += row[i]
    print("checksum:", total, trace, C[0][0], C[N - 1][N - 1])


main()
