# py_matmul_rows: dense matrix products on lists of lists in the i-k-j order with rows hoisted, a transpose, and A^T A checked against a dot-product form.
# Exercises: Ai = A[i] / Ci = C[i] / Bk = B[k] row aliases, aik = Ai[k] hoisted scalar, Ci[j] += aik * Bk[j], a transpose built with appends, len(A[0]), zip of two rows in a dot helper.


def zeros(n, m):
    return [[0.0] * m for _ in range(n)]


def matmul(A, B):
    n = len(A)
    p = len(B)
    m = len(B[0])
    C = zeros(n, m)
    for i in range(n):  # hot
        Ai = A[i]
        Ci = C[i]
        for k in range(p):  # hot
            aik = Ai[k]
            Bk = B[k]
            for j in range(m):  # hot
                Ci[j] += aik * Bk[j]
    return C


def transpose(A):
    n = len(A)
    m = len(A[0])
    T = []
    for j in range(m):  # hot, interpreted: a list stays interpreted
        col = []
        for i in range(n):  # hot
            col.append(A[i][j])
        T.append(col)
    return T


def dot(u, v):
    s = 0.0
    for a, b in zip(u, v):  # hot
        s += a * b
    return s


def gram(A):
    # G[i][j] = column i . column j, through the transpose's rows
    T = transpose(A)
    m = len(T)
    G = zeros(m, m)
    for i in range(m):  # hot, interpreted: a slice or a row of it stays interpreted
        for j in range(i, m):  # hot, interpreted: a slice or a row of it stays interpreted
            g = dot(T[i], T[j])
            G[i][j] = g
            G[j][i] = g
    return G


def trace(A):
    t = 0.0
    for i in range(len(A)):  # hot
        t += A[i][i]
    return t


def main():
    n, m = 56, 52
    A = [[((i * 5 + j * 3) % 11 - 5) * 0.125 for j in range(m)] for i in range(n)]
    B = [[((i + 2 * j) % 7 - 3) * 0.5 for j in range(n)] for i in range(m)]
    C = matmul(A, B)
    print(C[0][:5], C[n - 1][n - 5:])
    print(trace(C))
    At = transpose(A)
    G1 = matmul(At, A)
    G2 = gram(A)
    diff = max(abs(G1[i][j] - G2[i][j]) for i in range(m) for j in range(m))
    print(diff, trace(G1), G1[3][7], G2[7][3])


main()
