# random_walks: Monte Carlo with the random module: pi by darts, a 1-D random walk's mean distance, and a seeded instance's walk, as scripts without numpy write them.
# Exercises: x = random.random() and x = 2.0 * random.random() - 1.0 in hot loops, from random import random, a random.Random instance's random(), reseeding between runs, a branch on each draw.
import random
from random import random as rnd


def darts(n):
    hits = 0
    for i in range(n):  # hot
        x = random.random()
        y = random.random()
        if x * x + y * y < 1.0:
            hits += 1
    return 4.0 * hits / n


def walk_distance(walks, steps):
    total = 0.0
    for w in range(walks):  # hot
        pos = 0.0
        for t in range(steps):  # hot
            u = 2.0 * rnd() - 1.0
            pos += u
        total += abs(pos)
    return total / walks


def instance_walk(rng, steps):
    pos = 0
    best = 0
    for t in range(steps):  # hot
        u = rng.random()
        if u < 0.5:
            pos -= 1
        else:
            pos += 1
        if pos > best:
            best = pos
    return pos, best


def main():
    random.seed(2024)
    print(darts(20000))
    print(round(walk_distance(40, 250), 12))
    print(instance_walk(random.Random(7), 5000), instance_walk(random.Random(7), 5000))
    print(random.random())


main()
