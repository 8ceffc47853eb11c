# py_random_walk_2d: lattice random walks in 2-D: mean squared displacement over many walkers, returns to the origin, first-passage times to a circle, and a self-avoiding-walk attempt count, each with its own seeded random.Random.
# Exercises: d = rng.randint(0, 3) with if/elif on the direction, a seeded random.Random(seed) instance per experiment, a while loop with a step cap, int coordinates and squared radii, a set of visited cells for self-avoidance, a list of per-time sums.
import random


def msd(walkers, steps, seed):
    rng = random.Random(seed)
    sums = [0] * (steps + 1)
    returns = 0
    for w in range(walkers):  # hot
        x = 0
        y = 0
        for t in range(1, steps + 1):  # hot
            d = rng.randint(0, 3)
            if d == 0:
                x += 1
            elif d == 1:
                x -= 1
            elif d == 2:
                y += 1
            else:
                y -= 1
            sums[t] += x * x + y * y
            if x == 0 and y == 0:
                returns += 1
    return [s / walkers for s in sums], returns


def first_passage(radius, trials, cap, seed):
    rng = random.Random(seed)
    r2 = radius * radius
    total = 0
    escaped = 0
    for k in range(trials):  # hot
        x = y = 0
        t = 0
        while x * x + y * y < r2 and t < cap:  # hot
            u = rng.random()
            if u < 0.25:
                x += 1
            elif u < 0.5:
                x -= 1
            elif u < 0.75:
                y += 1
            else:
                y -= 1
            t += 1
        if t < cap:
            escaped += 1
            total += t
    return escaped, total / max(escaped, 1)


def self_avoiding(length, tries, seed):
    rng = random.Random(seed)
    moves = ((1, 0), (-1, 0), (0, 1), (0, -1))
    ok = 0
    for k in range(tries):  # hot, interpreted: a set stays interpreted
        x = y = 0
        seen = {(0, 0)}
        alive = True
        for s in range(length):  # hot, interpreted: unpacking something other than a tuple display stays interpreted
            dx, dy = moves[rng.randint(0, 3)]
            x += dx
            y += dy
            if (x, y) in seen:
                alive = False
                break
            seen.add((x, y))
        if alive:
            ok += 1
    return ok


def main():
    means, returns = msd(60, 200, 1)
    print(means[10], means[100], means[200], returns)
    print(first_passage(8, 60, 5000, 2))
    print(self_avoiding(8, 400, 3), self_avoiding(12, 400, 4))


main()
