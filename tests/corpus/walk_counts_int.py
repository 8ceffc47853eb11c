# walk_counts_int: counts of walks in a directed graph modulo a prime, one column dot at a time.
# Exercises: nv[j] = (v @ A[:, j]) % M on int64 arrays inside a step loop, v = nv.copy(), int results.
import numpy as np


def walks(A, v, steps, M):
    n = A.shape[0]
    for s in range(steps):
        nv = np.zeros(n, dtype=np.int64)
        for j in range(n):  # hot
            nv[j] = (v @ A[:, j]) % M
        v = nv.copy()
    return v


def main():
    n = 30
    i = np.arange(n).reshape(n, 1)
    j = np.arange(n).reshape(1, n)
    A = ((i * 7 + j * 11) % 5 == 0).astype(np.int64) + (j == (i + 1) % n)
    v = np.zeros(n, dtype=np.int64)
    v[0] = 1
    M = 1000003
    v = walks(A, v, 12, M)
    print(v[:10])
    print(int(v.sum()), int(v.max()), int(np.argmax(v)))


main()
