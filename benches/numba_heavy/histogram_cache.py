# histogram_cache from tests/numba/, at a size where the work outweighs start-up.
# histogram_cache: fixed-width histogram, its cumulative distribution and the mode bin of random samples.
# Exercises: @njit(cache=True), int() of a float bin position, clamping with if, int64 count arrays, a second cached kernel over the counts.
import numpy as np
from numba import njit


@njit(cache=True)
def histogram(x, lo, hi, nbins):
    counts = np.zeros(nbins, dtype=np.int64)
    width = (hi - lo) / nbins
    for i in range(x.shape[0]):
        b = int((x[i] - lo) / width)
        if b < 0:
            b = 0
        elif b >= nbins:
            b = nbins - 1
        counts[b] += 1
    return counts


@njit(cache=True)
def cdf_and_mode(counts):
    n = counts.shape[0]
    cdf = np.empty(n, dtype=np.int64)
    total = 0
    best = 0
    for i in range(n):
        total += counts[i]
        cdf[i] = total
        if counts[i] > counts[best]:
            best = i
    return cdf, best


def main():
    rng = np.random.default_rng(0)
    x = rng.standard_normal(2000000)
    for nbins in (10, 16, 25):
        counts = histogram(x, -3.0, 3.0, nbins)
        cdf, mode = cdf_and_mode(counts)
        print(nbins, counts)
        print(cdf[-1], mode, cdf[nbins // 2])
    y = x * x
    counts = histogram(y, 0.0, 4.0, 8)
    print(counts)


main()
