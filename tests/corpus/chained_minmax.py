# chained_minmax: range, total variation and peak count of a signal with chained initialisation.
# Exercises: chained assignment lo = hi = arr[0] and tv = peaks = 0, abs(), min(), max() on numpy scalars, loop over indices.
import numpy as np


def scan(arr):
    lo = hi = arr[0]
    tv = acc = 0.0
    peaks = valleys = 0
    for i in range(1, len(arr) - 1):  # hot
        x = arr[i]
        lo = min(lo, x)
        hi = max(hi, x)
        tv += abs(arr[i + 1] - x)
        acc = 0.9 * acc + 0.1 * x
        if arr[i - 1] < x and x > arr[i + 1]:
            peaks += 1
        elif arr[i - 1] > x and x < arr[i + 1]:
            valleys += 1
    return lo, hi, tv, acc, peaks, valleys


def main():
    t = np.arange(1000, dtype=np.float64)
    arr = ((t * 29.0) % 37.0 - 18.0) * 0.125 + ((t * 11.0) % 5.0) * 0.5
    lo, hi, tv, acc, peaks, valleys = scan(arr)
    print(repr(lo), repr(hi))
    print(repr(tv), repr(acc))
    print(peaks, valleys)


main()
