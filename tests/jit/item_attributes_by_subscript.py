# Attributes of list items taken by subscript (`ps[i].x - ps[i - 1].x`,
# `cars[(i + 1) % n].pos`, `ps[k].v = ...`): each item a statement names is bound
# before it, as `p = ps[i]` would be, and its attributes are columns. Stores through
# one statement are what another reads; an index out of range in a branch the
# statement does not take raises nothing (at worst the statement is handed back);
# one it takes hands the statement back (the interpreter raises IndexError); an
# item of another class is the interpreter's.


class Mass:
    def __init__(self, x, v):
        self.x = x
        self.v = v


class Other:
    def __init__(self, x):
        self.x = x
        self.v = "slow"


def energy(ps, k, rest):
    e = 0.0
    for i in range(1, len(ps)):  # jit: compiled
        ext = ps[i].x - ps[i - 1].x - rest
        e += 0.5 * k * ext * ext
    return e


def wraps(ps):
    n = len(ps)
    count = 0
    for i in range(n):  # jit: compiled
        if ps[(i + 1) % n].x < ps[i].x:
            count += 1
    return count


def relax(ps, dt):
    n = len(ps)
    for i in range(1, n - 1):  # jit: compiled
        ps[i].v += dt * (ps[i - 1].x - 2.0 * ps[i].x + ps[i + 1].x)
    for i in range(1, n - 1):  # jit: compiled
        ps[i].x += dt * ps[i].v
    return ps[n // 2].x, ps[n // 2].v


def guarded(ps):
    # `ps[i + 1]` is out of range on the last iteration, in a branch not taken.
    n = len(ps)
    s = 0.0
    for i in range(n):  # jit: compiled, deopts
        if i + 1 < n and ps[i + 1].x > ps[i].x:
            s += ps[i + 1].x - ps[i].x
        elif i > 0:
            s -= ps[-1].x * 0.5
    return s


def overrun(ps):
    s = 0.0
    for i in range(len(ps) + 1):  # jit: compiled, deopts
        s += ps[i].x
    return s


def mixed(ps):
    s = 0.0
    for i in range(len(ps)):  # jit: compiled, deopts
        s += ps[i].x * 2
    return s


def both_ways(ps, dt):
    # The same attribute through a loop's item and through a subscript.
    for p in ps:
        for j in range(len(ps)):
            ps[j].x = ps[j].x + p.x * dt
    return ps[0].x


ps = [Mass(0.5 * ((i * 7) % 5) - 1.0, 0.0) for i in range(40)]
for _ in range(3):
    print(energy(ps, 2.0, 0.25))
    print(wraps(ps))
    print(relax(ps, 0.1))
    print(guarded(ps))
try:
    overrun(ps)
except IndexError as e:
    print("IndexError", e)
qs = [Mass(float(i), 0.0) for i in range(30)]
print(mixed(qs))
qs[17] = Other(5)
print(mixed(qs))
qs[20] = Other("ab")
try:
    print(mixed(qs))
except TypeError as e:
    print("TypeError", e)
rs = [Mass(0.125 * i, 0.0) for i in range(12)]
print(both_ways(rs, 0.01), [round(r.x, 12) for r in rs])
