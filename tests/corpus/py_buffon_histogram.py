# py_buffon_histogram: Monte Carlo with the random module: Buffon's needle estimates of pi at a few needle lengths, Gaussian draws binned into a histogram of ints and compared with the exact bin probabilities from math.erf, and Brownian paths of gauss steps with their mean squared displacement and running maximum.
# Exercises: random.seed() then random.uniform(0.0, half) / random.uniform(0.0, math.pi / 2) and math.sin of a draw, a hit counter, x = random.gauss(mu, sigma) binned by int((x - lo) / width) into counts[k] with under/overflow counters, a chi-square sum over bins, random.random() < 0.5 coin flips, nested walker and step loops with a running max of abs().
import math
import random


def buffon(trials, needle, spacing, seed):
    random.seed(seed)
    half = spacing / 2.0
    hits = 0
    for t in range(trials):  # hot
        centre = random.uniform(0.0, half)
        theta = random.uniform(0.0, math.pi / 2)
        if centre <= needle / 2.0 * math.sin(theta):
            hits += 1
    return hits


def histogram(draws, mu, sigma, lo, hi, nbins, seed):
    random.seed(seed)
    width = (hi - lo) / nbins
    counts = [0] * nbins
    under = 0
    over = 0
    total = 0.0
    total2 = 0.0
    for i in range(draws):  # hot
        x = random.gauss(mu, sigma)
        total += x
        total2 += x * x
        if x < lo:
            under += 1
        elif x >= hi:
            over += 1
        else:
            k = int((x - lo) / width)
            if k == nbins:
                k -= 1
            counts[k] += 1
    mean = total / draws
    var = total2 / draws - mean * mean
    return counts, under, over, mean, var


def normal_cdf(x, mu, sigma):
    return 0.5 * (1.0 + math.erf((x - mu) / (sigma * math.sqrt(2.0))))


def chi_square(counts, draws, mu, sigma, lo, width):
    chi2 = 0.0
    for k in range(len(counts)):  # hot
        a = lo + k * width
        p = normal_cdf(a + width, mu, sigma) - normal_cdf(a, mu, sigma)
        expected = draws * p
        chi2 += (counts[k] - expected) ** 2 / expected
    return chi2


def brownian(walkers, steps, dt, seed):
    random.seed(seed)
    sd = math.sqrt(dt)
    msd = 0.0
    worst = 0.0
    ups = 0
    for w in range(walkers):  # hot
        x = 0.0
        y = 0.0
        for s in range(steps):  # hot
            x += random.gauss(0.0, sd)
            y += random.gauss(0.0, sd)
            if abs(x) > worst:
                worst = abs(x)
            if random.random() < 0.5:
                ups += 1
        msd += x * x + y * y
    return msd / walkers, worst, ups


def main():
    for needle in (0.5, 1.0, 0.75):
        trials = 4000
        hits = buffon(trials, needle, 1.0, 11)
        estimate = 2.0 * needle * trials / (1.0 * hits) if hits else 0.0
        print(needle, hits, f"{estimate:.12g}", f"{abs(estimate - math.pi):.6f}")

    draws = 6000
    lo, hi, nbins = -3.0, 5.0, 64
    counts, under, over, mean, var = histogram(draws, 1.0, 1.25, lo, hi, nbins, 2024)
    print(counts)
    print(under, over, sum(counts) + under + over, f"{mean:.12g}", f"{var:.12g}")
    chi2 = chi_square(counts, draws, 1.0, 1.25, lo, (hi - lo) / nbins)
    print(f"{chi2:.10f}", chi2 < 100.0)
    peak = counts.index(max(counts))
    print(peak, lo + peak * (hi - lo) / nbins)

    msd, worst, ups = brownian(60, 80, 0.01, 5)
    print(f"{msd:.12g}", f"{worst:.12g}", ups)


main()
