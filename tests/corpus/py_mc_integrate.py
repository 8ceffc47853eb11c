# py_mc_integrate: Monte Carlo integration: plain sampling of smooth integrands on [0, 1] and [a, b], hit-or-miss for a quarter circle, stratified sampling, and a 3-D ball volume, with running mean and variance for standard errors.
# Exercises: x = random.uniform(0.0, 1.0) and x = random.uniform(-1.0, 1.0) with literal bounds, x = random.random() then scaled, math.exp / math.sin / math.sqrt of a draw, Welford running mean and M2 updates, a stratified loop over strata with an inner sample loop, random.seed() between estimates.
import math
import random


def plain(n):
    mean = 0.0
    m2 = 0.0
    for i in range(n):  # hot
        x = random.uniform(0.0, 1.0)
        fx = math.exp(-x * x)
        delta = fx - mean
        mean += delta / (i + 1)
        m2 += delta * (fx - mean)
    return mean, math.sqrt(m2 / (n - 1) / n)


def on_interval(n, a, b):
    s = 0.0
    for i in range(n):  # hot
        u = random.random()
        x = a + (b - a) * u
        s += math.sin(x) * x
    return (b - a) * s / n


def quarter_circle(n):
    hits = 0
    for i in range(n):  # hot
        x = random.uniform(-1.0, 1.0)
        y = random.uniform(-1.0, 1.0)
        if x * x + y * y <= 1.0:
            hits += 1
    return 4.0 * hits / n


def stratified(strata, per):
    total = 0.0
    h = 1.0 / strata
    for k in range(strata):  # hot
        s = 0.0
        for j in range(per):  # hot
            u = random.random()
            x = (k + u) * h
            s += math.sqrt(1.0 - x * x)
        total += s / per * h
    return 4.0 * total


def ball_volume(n):
    inside = 0
    for i in range(n):  # hot
        x = random.uniform(-1.0, 1.0)
        y = random.uniform(-1.0, 1.0)
        z = random.uniform(-1.0, 1.0)
        if x * x + y * y + z * z < 1.0:
            inside += 1
    return 8.0 * inside / n


def main():
    random.seed(31415)
    m, se = plain(20000)
    print(round(m, 12), round(se, 12), abs(m - 0.7468241328) < 4 * se)
    random.seed(2)
    print(round(on_interval(10000, 0.0, math.pi), 12))
    random.seed(3)
    print(quarter_circle(15000), round(stratified(100, 100), 12))
    random.seed(4)
    print(ball_volume(12000), round(4.0 / 3.0 * math.pi, 6))


main()
