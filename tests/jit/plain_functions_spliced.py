# Plain functions with loops (no decorator) called as statements in a loop are spliced
# into it, so a time loop calling `step(...)` compiles whole: lists and arrays updated in
# place; a failure inside the callee after it stored (an index past the end, an int
# past 64 bits, a zero divisor) resumes the callee where it stopped and the caller at
# the call, so nothing runs twice; an early `return`; a callee returning a value that
# the call discards; a callee calling another; a method of an object; callees running
# over a list of objects (`for p in ps: p.x += p.vx * dt`). A function whose
# body does not compile whole (a dict), or that returns from inside a loop, is not
# spliced: it runs as written, its loops sites of their own. A time loop of a few
# steps gets hot from its callee's iterations. Called from
# the interpreter such functions run as written (a tracer sees the same line events:
# trace_events_unchanged.py).
import numpy as np


def relax(u, n):
    for i in range(1, n - 1):
        u[i] = 0.5 * (u[i - 1] + u[i + 1])


def diffuse(a, c):
    for i in range(1, a.shape[0] - 1):
        a[i] += c * (a[i - 1] - 2.0 * a[i] + a[i + 1])


def bump(xs, hits, k):
    hits[0] += 1
    for j in range(3):
        xs[k + j] += 1.0


def grow(acc, k):
    acc[0] += 1
    x = 1
    for j in range(k):
        x = x * 3
    acc[1] = acc[1] + x % 1000003


def ratios(out, num, den):
    for i in range(len(num)):
        out[0] += num[i] // den[i]


def early(a, t):
    if t % 4 == 0:
        a[0] += 1.0
        return
    for i in range(3):
        a[i] += 1.0
    a[3] += 1.0


def early_in_loop(a, t):
    for i in range(3):
        a[i] += 1.0
        if t % 4 == 0:
            return
    a[3] += 1.0


def total(xs):
    s = 0.0
    for x in xs:
        s += x
    return s


def outer_step(u, n, hits):
    for r in range(2):
        hits[0] += 1
    relax(u, n)


def tally(counts, words):
    seen = {}
    for w in words:
        seen[w] = seen.get(w, 0) + 1
    counts[0] += len(seen)


class Particle:
    def __init__(self, x, vx):
        self.x = x
        self.vx = vx


def move(ps, dt, width):
    for p in ps:
        p.x += p.vx * dt
        if p.x < 0.0 or p.x > width:
            p.vx = -p.vx


def kick(ps, k):
    for p in ps:
        p.vx = p.vx * 0.99 + k


class Grid:
    def __init__(self, n):
        self.n = n
        self.u = [float(i % 5) for i in range(n)]

    def sweep(self):
        for i in range(1, self.n - 1):
            self.u[i] = 0.25 * self.u[i - 1] + 0.5 * self.u[i] + 0.25 * self.u[i + 1]

    def run(self, steps):
        for t in range(steps):  # jit: compiled
            self.sweep()
        return sum(self.u)


def lists_time_loop(n, steps):
    u = [float(i % 7) for i in range(n)]
    for t in range(steps):  # jit: compiled
        relax(u, n)
    return sum(u)


def arrays_time_loop(n, steps):
    a = np.where(np.arange(n) % 5 == 0, 1.0, 0.0)
    for t in range(steps):  # jit: compiled
        diffuse(a, 0.1)
    return a[:6].tolist()


def past_the_end(n):
    xs = [0.0] * n
    hits = [0]
    try:
        for k in range(n):  # jit: compiled, deopts
            bump(xs, hits, k)
    except IndexError as e:
        print("IndexError:", e)
    return hits[0], sum(xs)


def big_ints(m):
    acc = [0, 0]
    for k in range(m):  # jit: compiled, deopts
        grow(acc, k)
    return acc


def zero_divisor(steps):
    out = [0]
    num = [i * 7 for i in range(30)]
    den = [i % 9 + 1 for i in range(30)]
    try:
        for t in range(steps):  # jit: compiled, deopts
            if t == steps - 5:
                den[17] = 0
            ratios(out, num, den)
    except ZeroDivisionError as e:
        print(type(e).__name__, out)
    return out


def returns_early(steps):
    a = [0.0] * 4
    for t in range(steps):  # jit: compiled
        early(a, t)
    return a


def returns_in_loop(steps):
    a = [0.0] * 4
    for t in range(steps):
        early_in_loop(a, t)
    return a


def discarded_value(steps):
    xs = [0.5 * i for i in range(50)]
    k = 0
    for t in range(steps):  # jit: compiled
        total(xs)
        k += 1
    return k


def nested(n, steps):
    u = [float(i % 3) for i in range(n)]
    hits = [0]
    for t in range(steps):  # jit: compiled
        outer_step(u, n, hits)
    return hits[0], sum(u)


def particles(n, steps):
    ps = [Particle(float(i % 9), 0.5 * (i % 5) - 1.0) for i in range(n)]
    for t in range(steps):  # jit: compiled
        move(ps, 0.1, 8.0)
        kick(ps, 0.001 * (t % 3))
    # An int velocity: the attribute's kind changes, the callee hands back.
    ps[3].vx = 2
    for t in range(steps):  # jit: compiled, deopts
        move(ps, 0.1, 8.0)
    return round(sum(p.x for p in ps), 9), ps[3].vx, type(ps[3].vx).__name__


def smooth(u, n):
    for i in range(1, n - 1):
        u[i] = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1]


def few_steps(n, steps):
    # Eight steps, under the threshold by themselves: the callee's iterations count
    # for the loop calling it, which gets hot after its first step.
    u = [float(i % 7) for i in range(n)]
    for t in range(steps):  # jit: compiled
        smooth(u, n)
    return sum(u)


def not_whole(steps):
    counts = [0]
    words = ["a", "b", "a", "c"]
    for t in range(steps):
        tally(counts, words)
    return counts


print(lists_time_loop(40, 300))
print(arrays_time_loop(40, 300))
print(past_the_end(60))
print(big_ints(80))
print(zero_divisor(120))
print(returns_early(100))
print(returns_in_loop(100))
print(discarded_value(200))
print(nested(30, 200))
print(particles(30, 150))
print(not_whole(200))
print(few_steps(60, 8))
print(Grid(40).run(300))
