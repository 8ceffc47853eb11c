# Draws with arguments that are not literals, `random.gauss`, and draws in conditions,
# in compiled loops: `uniform(a, b)`, `randint(0, n - 1)` and `gauss(mu, sigma)` of
# variables compute what the standard library's methods compute from the same
# generator (gauss keeping its second value in `gauss_next` for the next call, compiled
# or not); what can fail before the draw hands back before drawing (`randint(5, 1)`
# raises ValueError from the interpreter, which draws then), and a draw followed by
# something that could fail keeps its loop interpreted.
import math
import random
from random import gauss, randint, uniform


def brownian(n, dt, sigma):
    x = 0.0
    path_max = 0.0
    for i in range(n):  # jit: compiled
        dw = random.gauss(0.0, math.sqrt(dt))
        x += sigma * dw
        if x > path_max:
            path_max = x
    return x, path_max


def boxes(n, lo, hi, k):
    s = 0.0
    counts = [0] * k
    for i in range(n):  # jit: compiled
        u = uniform(lo, hi)
        j = randint(0, k - 1)
        counts[j] += 1
        s += u
    return s, counts


def bernoulli(n, p):
    heads = 0
    for i in range(n):  # jit: compiled
        if random.random() < p:
            heads += 1
    return heads


def geometric_runs(n, p):
    total = 0
    for i in range(n):  # jit: compiled
        run = 0
        while random.random() < p:
            run += 1
        total += run
    return total


def dice(n):
    hist = [0] * 13
    for i in range(n):  # jit: compiled
        d = random.randint(1, 6) + random.randint(1, 6)
        hist[d] += 1
    return hist


def standard_normals(rng, n):
    s = 0.0
    q = 0.0
    for i in range(n):  # jit: compiled
        z = rng.gauss()
        s += z
        q += z * z
    return s, q


def scaled_gauss(n, mu, sigma):
    s = 0.0
    for i in range(n):  # jit: compiled
        s += gauss(mu, sigma)
    return s


def empty_range(n, a, b):
    # `randint(a, b)` with b < a raises (after the first iterations).
    s = 0
    for i in range(n):  # jit: compiled, deopts
        d = randint(a + i // 10, b)
        s += d
    return s


def int_sum_after_draw(n):
    # `s + randint()` could leave 64 bits after the draw: stays interpreted.
    s = 0
    for i in range(n):
        s += randint(1, 6)
    return s


def after_the_draw(n, m):
    # `/ m` after the draw could fail: the loop stays interpreted.
    s = 0.0
    for i in range(n):
        x = random.random() / m
        s += x
    return s


random.seed(99)
print(brownian(300, 0.01, 2.0))
print(random.gauss(1.0, 0.5))  # interpreted: takes the value compiled code kept
print(brownian(301, 0.02, 1.0))
print(boxes(200, -1, 2.5, 7), boxes(100, 3, 3, 1))
print(bernoulli(500, 0.3), geometric_runs(200, 0.7), random.random())
print(dice(400))
r = random.Random(5)
print(standard_normals(r, 251), r.gauss(), standard_normals(r, 100))
print(scaled_gauss(150, 10, 3), scaled_gauss(150, -1.5, 0))
try:
    print(empty_range(300, 0, 5))
except ValueError as e:
    print("ValueError", random.random())
print(after_the_draw(100, 7.0), int_sum_after_draw(100))
print(random.random(), r.random())
