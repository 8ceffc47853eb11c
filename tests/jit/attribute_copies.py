# Attributes a nest stores, of objects in a list, copied on entry and written back when
# compiled code returns: the objects must hold what the interpreter's stores would have
# left, after a finished run and after a statement handed back half way (a zero
# divisor, an int past 64 bits: the interpreter then raises or goes on from there).
# Where a copy could go astray the attribute is read and stored in place: a value one
# object takes from its class, an object in the list twice, a store of another kind.


class Body:
    def __init__(self, x, v):
        self.x = x
        self.v = v
        self.hits = 0
        self.alive = True


class Shared:
    mass = 2.0

    def __init__(self, x):
        self.x = x


def step(bs, dt, steps):
    for t in range(steps):  # jit: compiled, listcopy
        for b in bs:
            b.v -= 9.81 * dt
            b.x += b.v * dt
            if b.x < 0.0:
                b.x = -b.x
                b.v = -0.5 * b.v
                b.hits += 1
                b.alive = b.hits < 3
    return sum(b.x for b in bs), sum(b.hits for b in bs), [b.alive for b in bs]


def scaled(bs, k):
    # A zero divisor at the 46th object: the interpreter raises ZeroDivisionError
    # there, the first 45 objects' new values already stored.
    for b in bs:  # jit: compiled, deopts
        b.x = b.x / (k - b.hits)
        b.hits += 1
    return [b.x for b in bs]


def doubled(bs, n):
    # An int attribute grows past 64 bits in the middle of the run.
    for i in range(n):  # jit: compiled, deopts
        for b in bs:
            b.hits = b.hits * 1000 + 1
    return [b.hits % 1000003 for b in bs]


def heavier(ss):
    # `mass` is the class's for some objects: read and stored in place.
    for s in ss:  # jit: compiled
        s.x += s.mass
        s.mass = s.mass * 1.5
    return [s.x for s in ss], [s.mass for s in ss], Shared.mass


def twice(bs):
    # One object twice in the list: its attribute advances twice.
    for b in bs:  # jit: compiled
        b.x = b.x + 1.0
    return [b.x for b in bs]


def kinds(bs, steps):
    # An int stored into a float attribute: copies do not compile, stores go in place.
    for t in range(steps):  # jit: compiled
        for b in bs:
            if b.x > 3.0:
                b.x = 0
            else:
                b.x = b.x + 0.75
    return [b.x for b in bs], [type(b.x).__name__ for b in bs]


bodies = [Body(0.5 + 0.25 * i, 0.1 * (i % 3)) for i in range(24)]
print(step(bodies, 0.05, 60))
print(step(bodies, 0.05, 60))

for rep in range(2):
    bs = [Body(1.0 + i, 0.0) for i in range(60)]
    bs[45].hits = 5
    try:
        scaled(bs, 5)
    except ZeroDivisionError:
        print("ZeroDivisionError")
    print([b.x for b in bs[43:48]], [b.hits for b in bs[43:48]], sum(b.x for b in bs))

bs = [Body(0.0, 0.0) for i in range(25)]
print(doubled(bs, 8))
print([b.hits.bit_length() for b in bs[:3]])

ss = [Shared(float(i)) for i in range(25)]
ss[3].mass = 0.5
print(heavier(ss))
print(heavier(ss))

one = Body(0.0, 0.0)
bs = [Body(float(i), 0.0) for i in range(25)] + [one, one]
print(twice(bs))

bs = [Body(0.25 * i, 0.0) for i in range(25)]
print(kinds(bs, 10))
print(kinds(bs, 10))
