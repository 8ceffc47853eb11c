# insertion_sort: insertion sort and a binary search over a float array, compared with np.sort.
# Exercises: while loops with element shifts a[j + 1] = a[j], comparisons of numpy scalars, integer midpoint arithmetic.
import numpy as np


def insertion_sort(a):
    for i in range(1, len(a)):  # hot
        key = a[i]
        j = i - 1
        while j >= 0 and a[j] > key:  # hot
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = key
    return a


def bisect(a, x):
    lo, hi = 0, len(a)
    while lo < hi:
        mid = (lo + hi) // 2
        if a[mid] < x:
            lo = mid + 1
        else:
            hi = mid
    return lo


def main():
    t = np.arange(300, dtype=np.float64)
    a = (t * 7919.0) % 301.0 / 3.0 - 50.0
    s = insertion_sort(a.copy())
    print(s[:6], s[-3:])
    print(bool(np.array_equal(s, np.sort(a))))
    found = []
    for q in (-49.0, 0.0, 12.5, 49.9):
        found.append(bisect(s, q))
    print(found)


main()
