# py_dice_stats: dice statistics by simulation: the distribution of the sum of two dice against the exact one with a chi-square statistic, the mean and variance of a die, runs of sixes, and the expected number of rolls to see all six faces.
# Exercises: d = random.randint(1, 6) in hot loops, a histogram list indexed by a sum, exact counts from a double loop over faces, a chi-square sum of (obs - exp)**2 / exp, a while loop until all faces are seen tracked with a list of bools and a counter, a seeded random.Random instance next to the module functions.
import random


def two_dice(n):
    hist = [0] * 13
    for k in range(n):  # hot
        a = random.randint(1, 6)
        b = random.randint(1, 6)
        hist[a + b] += 1
    return hist


def exact_two_dice():
    ways = [0] * 13
    for a in range(1, 7):
        for b in range(1, 7):
            ways[a + b] += 1
    return ways


def chi_square(hist, ways, n):
    chi = 0.0
    for s in range(2, 13):
        expected = n * ways[s] / 36.0
        diff = hist[s] - expected
        chi += diff * diff / expected
    return chi


def moments(n):
    s = 0
    s2 = 0
    longest = 0
    run = 0
    for k in range(n):  # hot
        d = random.randint(1, 6)
        s += d
        s2 += d * d
        if d == 6:
            run += 1
            if run > longest:
                longest = run
        else:
            run = 0
    mean = s / n
    return mean, s2 / n - mean * mean, longest


def coupon(rng, trials):
    total = 0
    worst = 0
    for t in range(trials):  # hot, interpreted: a list stays interpreted
        seen = [False] * 7
        distinct = 0
        rolls = 0
        while distinct < 6:  # hot
            d = rng.randint(1, 6)
            rolls += 1
            if not seen[d]:
                seen[d] = True
                distinct += 1
        total += rolls
        if rolls > worst:
            worst = rolls
    return total / trials, worst


def main():
    random.seed(6)
    n = 36000
    hist = two_dice(n)
    ways = exact_two_dice()
    print(hist[2:], ways[2:])
    print(round(chi_square(hist, ways, n), 10))
    mean, var, longest = moments(30000)
    print(mean, round(var, 12), longest)
    print(coupon(random.Random(66), 2000), 6 * sum(1.0 / k for k in range(1, 7)))


main()
