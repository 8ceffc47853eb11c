# py_gauss_jordan: matrix inverse by Gauss-Jordan elimination with partial pivoting on an augmented list of lists, checked by multiplying back.
# Exercises: an augmented matrix built with row + identity row, a pivot search with abs() and a running max, a row swap by tuple assignment A[k], A[p] = A[p], A[k], row aliases scaled and reduced in place, slicing off the right half.


def augment(A):
    n = len(A)
    M = []
    for i in range(n):  # hot, interpreted: a list stays interpreted
        e = [0.0] * n
        e[i] = 1.0
        M.append(A[i][:] + e)
    return M


def gauss_jordan(M):
    n = len(M)
    w = len(M[0])
    swaps = 0
    for k in range(n):  # hot, interpreted: a slice or a row of it stays interpreted
        p = k
        best = abs(M[k][k])
        for i in range(k + 1, n):  # hot
            v = abs(M[i][k])
            if v > best:
                best = v
                p = i
        if p != k:
            M[k], M[p] = M[p], M[k]
            swaps += 1
        Mk = M[k]
        piv = Mk[k]
        for j in range(w):  # hot
            Mk[j] /= piv
        for i in range(n):  # hot
            if i == k:
                continue
            Mi = M[i]
            f = Mi[k]
            if f != 0.0:
                for j in range(w):  # hot
                    Mi[j] -= f * Mk[j]
    return swaps


def matmul(A, B):
    n = len(A)
    m = len(B[0])
    C = [[0.0] * m for _ in range(n)]
    for i in range(n):  # hot
        Ai = A[i]
        Ci = C[i]
        for k in range(len(B)):  # hot
            a = Ai[k]
            Bk = B[k]
            for j in range(m):  # hot
                Ci[j] += a * Bk[j]
    return C


def main():
    n = 52
    A = [[float((i * 13 + j * 7) % 17 - 8) for j in range(n)] for i in range(n)]
    for i in range(n):  # hot
        A[i][i] += 40.0
    M = augment(A)
    swaps = gauss_jordan(M)
    inv = [row[n:] for row in M]
    P = matmul(A, inv)
    err = 0.0
    for i in range(n):  # hot
        for j in range(n):  # hot
            e = abs(P[i][j] - (1.0 if i == j else 0.0))
            if e > err:
                err = e
    print(swaps, err < 1e-12)
    print(inv[0][:4])
    print(inv[n - 1][n - 4:])
    print(round(sum(sum(r) for r in inv), 12))


main()
