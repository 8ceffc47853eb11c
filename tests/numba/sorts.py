# sorts: bubble sort with early exit and insertion sort on int and float arrays, counting swaps and shifts.
# Exercises: @njit, while loop with a swapped flag, tuple swap a[j], a[j + 1] = a[j + 1], a[j], inner while with compound condition, int64 swap/shift counters returned.
import numpy as np
from numba import njit


@njit
def bubble_sort(a):
    n = a.shape[0]
    swaps = 0
    swapped = True
    while swapped:  # hot
        swapped = False
        for j in range(n - 1):  # hot
            if a[j] > a[j + 1]:
                a[j], a[j + 1] = a[j + 1], a[j]
                swaps += 1
                swapped = True
        n -= 1
    return swaps


@njit
def insertion_sort(a):
    shifts = 0
    for i in range(1, a.shape[0]):  # hot
        key = a[i]
        j = i - 1
        while j >= 0 and a[j] > key:  # hot
            a[j + 1] = a[j]
            j -= 1
            shifts += 1
        a[j + 1] = key
    return shifts


@njit
def is_sorted(a):
    for i in range(a.shape[0] - 1):  # hot
        if a[i] > a[i + 1]:
            return False
    return True


def main():
    n = 120
    ints = (np.arange(n, dtype=np.int64) * 71) % 113 - 40
    floats = ((np.arange(n) * 53) % 97) / 8.0 - 3.0
    a = ints.copy()
    s1 = bubble_sort(a)
    b = floats.copy()
    s2 = insertion_sort(b)
    c = floats[::-1].copy()
    s3 = bubble_sort(c)
    d = ints[::-1].copy()
    s4 = insertion_sort(d)
    e = ints[::2].copy()
    f = floats[1::2].copy()
    print(s1, s2, s3, s4, bubble_sort(e), insertion_sort(f))
    print(a[:10], a[-5:])
    print(b[:8])
    print(is_sorted(a), is_sorted(b), is_sorted(c), is_sorted(d), is_sorted(floats))
    print(np.array_equal(a, np.sort(ints)), np.array_equal(c, np.sort(floats)))


main()
