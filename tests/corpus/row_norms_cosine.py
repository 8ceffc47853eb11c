# row_norms_cosine: row norms and pairwise cosine similarities of a feature matrix.
# Exercises: np.sqrt(a[i] @ a[i]), sim[i, j] = (a[i] @ a[j]) / (norm[i] * norm[j]), sim.max(), np.max on slices.
import numpy as np


def norms(a):
    n = a.shape[0]
    out = np.zeros(n)
    for i in range(n):  # hot
        out[i] = np.sqrt(a[i] @ a[i])
    return out


def cosine(a, nrm):
    n = a.shape[0]
    sim = np.zeros((n, n))
    for i in range(n):  # hot
        for j in range(n):  # hot
            sim[i, j] = (a[i] @ a[j]) / (nrm[i] * nrm[j])
    return sim


def main():
    n, d = 50, 16
    t = np.arange(n * d, dtype=np.float64).reshape(n, d)
    a = (t * 7 % 19 - 9.0) / 8.0 + (np.arange(d) % 2) * 0.5
    nrm = norms(a)
    sim = cosine(a, nrm)
    print(nrm[:6])
    print(sim[0, :6])
    off = sim - 2.0 * np.eye(n)
    print(repr(off.max()), repr(np.max(sim[3, 10:20])), repr(sim.min()))


main()
