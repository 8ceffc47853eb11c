# enumerate_stats: single-pass (Welford) statistics over a 1-D array.
# Exercises: for i, x in enumerate(arr), running mean/M2 updates, tracking argmin/argmax with comparisons.
import numpy as np


def welford(arr):
    mean = 0.0
    m2 = 0.0
    best_i = 0
    worst_i = 0
    for i, x in enumerate(arr):  # hot
        delta = x - mean
        mean += delta / (i + 1)
        m2 += delta * (x - mean)
        if x > arr[best_i]:
            best_i = i
        if x < arr[worst_i]:
            worst_i = i
    return mean, m2 / (len(arr) - 1), best_i, worst_i


def main():
    t = np.arange(1200, dtype=np.float64)
    arr = ((t * 37.0) % 101.0) / 10.0 - 5.0 + t / 600.0
    mean, var, bi, wi = welford(arr)
    print(repr(mean), repr(var))
    print(bi, wi, repr(arr[bi]), repr(arr[wi]))


main()
