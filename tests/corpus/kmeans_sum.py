# kmeans_sum: Lloyd's k-means on 2-D points with per-point distance reductions.
# Exercises: np.sum((pts[i] - cent[c]) ** 2), min tracking over clusters, centroid update cent[c] = pts[mask].mean(axis=0).
import numpy as np


def assign(pts, cent):
    n = pts.shape[0]
    k = cent.shape[0]
    labels = np.zeros(n, dtype=np.int64)
    inertia = 0.0
    for i in range(n):  # hot
        best = np.inf
        bc = 0
        for c in range(k):  # hot
            d = np.sum((pts[i] - cent[c]) ** 2)
            if d < best:
                best = d
                bc = c
        labels[i] = bc
        inertia += best
    return labels, inertia


def kmeans(pts, cent, iters):
    for it in range(iters):
        labels, inertia = assign(pts, cent)
        for c in range(cent.shape[0]):
            mask = labels == c
            if mask.any():
                cent[c] = pts[mask].mean(axis=0)
    return cent, labels, inertia


def main():
    rng = np.random.default_rng(0)
    centers = np.array([[0.0, 0.0], [3.0, 1.0], [-1.0, 4.0]])
    pts = np.zeros((150, 2))
    for i in range(150):  # hot, interpreted: `rng.standard_normal()` stays interpreted
        pts[i] = centers[i % 3] + 0.5 * rng.standard_normal(2)
    cent = pts[:3].copy()
    cent, labels, inertia = kmeans(pts, cent, 5)
    print(cent)
    print(labels[:15], int(labels.sum()))
    print(repr(inertia))


main()
