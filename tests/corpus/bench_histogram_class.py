# bench_histogram_class: harness binning samples into a histogram with a per-sample loop.
# Exercises: for x in self.data, int() of a numpy scalar, self.counts[b] += 1, min/max clamping.
import numpy as np


class Histogram:
    def __init__(self, nsamples, nbins):
        rng = np.random.default_rng(0)
        self.data = rng.standard_normal(nsamples)
        self.nbins = nbins
        self.lo = -3.0
        self.hi = 3.0
        self.counts = np.zeros(nbins, dtype=np.int64)
        self.total = 0.0

    def fill(self):
        width = (self.hi - self.lo) / self.nbins
        for x in self.data:  # hot
            b = int((x - self.lo) / width)
            b = max(0, min(self.nbins - 1, b))
            self.counts[b] += 1
            self.total += x

    def summary(self):
        return self.counts, self.total


def main():
    h = Histogram(1500, 24)
    h.fill()
    counts, total = h.summary()
    print(counts)
    print(int(counts.sum()), repr(total))
    print(int(np.argmax(counts)))


main()
