# cg_rowsum: conjugate gradient for an SPD system with the mat-vec product written row by row.
# Exercises: Ap[i] = (A[i, :] * p).sum() per row, rr = (r * r).sum(), x += alpha * p, v.copy(), np.sqrt(rr).
import numpy as np


def matvec_rows(A, p):
    n = A.shape[0]
    out = np.zeros(n)
    for i in range(n):  # hot
        out[i] = (A[i, :] * p).sum()
    return out


def cg(A, b, iters):
    x = np.zeros_like(b)
    r = b.copy()
    p = r.copy()
    rr = (r * r).sum()
    hist = []
    for k in range(iters):
        Ap = matvec_rows(A, p)
        alpha = rr / (p * Ap).sum()
        x += alpha * p
        r -= alpha * Ap
        rr_new = (r * r).sum()
        hist.append(float(np.sqrt(rr_new)))
        p = r + (rr_new / rr) * p
        rr = rr_new
    return x, hist


def main():
    n = 60
    t = np.arange(n, dtype=np.float64)
    A = 1.0 / (1.0 + np.abs(t.reshape(n, 1) - t.reshape(1, n))) + 2.0 * np.eye(n)
    b = (t % 5) - 2.0
    x, hist = cg(A, b, 8)
    print(x[:6])
    print(hist[:4])
    print(repr(x[-1]))


main()
