# Objects held in lists in compiled loops (`for p in ps: p.x += p.vx * dt`): their
# attributes are read and stored in the objects themselves, a float or an int of one
# word in place, anything else through the VM's helper, so stores are seen by every
# other holder of the object; an item without the attribute, a value of another kind
# or an index out of range hands the statement back where the interpreter raises or
# goes on; classes whose attributes run code keep the loop interpreted.
import random


class Particle:
    def __init__(self, x, y, vx, vy):
        self.x = x
        self.y = y
        self.vx = vx
        self.vy = vy
        self.hits = 0
        self.alive = True


def make(n, seed):
    rng = random.Random(seed)
    return [
        Particle(rng.random(), rng.random(), rng.uniform(-1, 1), rng.uniform(-1, 1))
        for _ in range(n)
    ]


def show(ps):
    return [round(v, 12) for p in ps for v in (p.x, p.y, p.vx, p.vy)] + [
        (p.hits, p.alive) for p in ps
    ]


def step(ps, dt, steps):
    for _ in range(steps):  # jit: compiled
        for p in ps:
            p.x += p.vx * dt
            p.y += p.vy * dt
            if p.x < 0.0 or p.x > 1.0:
                p.vx = -p.vx
                p.hits += 1
            if p.y < 0.0 or p.y > 1.0:
                p.vy = -p.vy
                p.hits += 1


def kinetic(ps):
    e = 0.0
    for i in range(len(ps)):  # jit: compiled
        p = ps[i]
        e += 0.5 * (p.vx * p.vx + p.vy * p.vy)
    return e


def by_enumerate(ps):
    s = 0.0
    for i, p in enumerate(ps):  # jit: compiled
        s += i * p.x
        if i % 3 == 0:
            p.alive = not p.alive
    return s


def pairs(ps, qs):
    d = 0.0
    for p, q in zip(ps, qs):  # jit: compiled
        d += (p.x - q.x) ** 2 + (p.y - q.y) ** 2
    return d


def forces(ps, eps):
    # Two names over one list: both see each other's stores.
    for p in ps:  # jit: compiled
        fx = 0.0
        for q in ps:
            dx = q.x - p.x
            fx += dx / (dx * dx + eps)
        p.vx += 1e-4 * fx


def pair_forces(ps, eps):
    # `p is q` of two items of one list compares their places in it.
    for p in ps:  # jit: compiled
        fx = 0.0
        for q in ps:
            if p is q:
                continue
            dx = q.x - p.x
            fx += dx / (dx * dx + eps)
        p.vx += 1e-4 * fx
    near = 0
    for p in ps:  # jit: compiled
        for q in ps:
            if p is not q and abs(p.x - q.x) < 0.05:
                near += 1
    return near


def leapfrog(ps, dt, steps):
    # One name bound by two loops one after the other, in a time loop.
    for t in range(steps):  # jit: compiled
        for p in ps:
            p.vx -= p.x * dt
        for p in ps:
            p.x += p.vx * dt
        if t == steps - 2:
            for p in ps:
                p.hits += 1
    return p.x, p is ps[-1]


class Charged(Particle):
    charge = 0.5  # a class attribute the objects read (and some shadow)


def class_constants(ps, steps):
    for t in range(steps):  # jit: compiled
        for p in ps:
            p.vx += p.charge * 0.01
            if p.x > 0.9:
                p.charge = -p.charge
    return [round(p.vx, 12) for p in ps[:5]], Charged.charge, [p.charge for p in ps[:5]]


def counter_rebound(ps, xs):
    # The enumerate counter is bound again by an inner loop's target: `p` is then no
    # item at that index, and the outer loop stays interpreted (it read far past the
    # end of its column).
    s = 0.0
    for i, p in enumerate(ps):
        s += p.x
        for q, i in zip(ps, xs):  # jit: compiled
            s += q.x
        s += p.x
    return s


def same_numbers(xs, a, b):
    # `is` of two numbers stays interpreted.
    n = 0
    for x in xs:
        if a is b:
            n += 1
    return n


def last_and_first(ps, n):
    t = 0.0
    for k in range(n):  # jit: compiled
        a = ps[-1]
        b = ps[k % len(ps)]
        t += a.x - b.y
    return t


def out_of_range(ps, n):
    t = 0.0
    try:
        for k in range(n):  # jit: compiled deopts
            p = ps[k]
            t += p.x
    except IndexError as e:
        return t, "IndexError", str(e)
    return t, None


def missing_attribute(ps):
    t = 0.0
    try:
        for p in ps:  # jit: compiled deopts
            t += p.mass
    except AttributeError as e:
        return t, "AttributeError"
    return t, None


def kinds_change(ps):
    # Ints stored over floats and read back: a value of another kind hands back.
    for p in ps:  # jit: compiled
        p.hits = p.hits + 2
        if p.x > 0.5:
            p.x = 3
    s = 0
    for p in ps:  # jit: compiled deopts
        s += p.x
    return s


def name_after(ps):
    for p in ps:  # jit: compiled
        p.y -= 0.25
    return p


def shared_float(ps, v):
    # One float object held by every particle: stores make each its own.
    for p in ps:
        p.vy = v
    for k in range(3):  # jit: compiled
        for p in ps:
            p.vy += k
    return [p.vy for p in ps[:4]]


class Slotted:
    __slots__ = ("x",)

    def __init__(self, x):
        self.x = x


class Hooked:
    def __init__(self, x):
        self.x = x

    def __setattr__(self, name, value):
        object.__setattr__(self, name, value * 2 if name == "x" else value)


class Prop:
    def __init__(self, x):
        self._x = x

    @property
    def x(self):
        return self._x + 1.0

    @x.setter
    def x(self, v):
        self._x = v


def bump_all(ps):
    for p in ps:  # stays interpreted for the classes that run code
        p.x = p.x + 1.0
    return [p.x for p in ps]


def twice(ps):
    # One object twice in the list: its stores stay interpreted.
    for p in ps:
        p.x += 1.0
    return [p.x for p in ps]


class Box:
    def __init__(self, x):
        self.x = x


def owner_and_items(box, ps):
    for p in ps:
        p.x += box.x
        box.x += 1.0
    return box.x, [p.x for p in ps]


def method_call(ps):
    for p in ps:  # stays interpreted: a method of the loop's item
        p.x += p.speed()
    return [p.x for p in ps]


class Walker:
    def __init__(self, x):
        self.x = x

    def speed(self):
        return 0.5 * self.x


released = []


class Noisy:
    # Letting go of it runs code that grows the list the loop runs over (and another
    # it reads): compiled code leaves that store to the interpreter.
    def __init__(self, k):
        self.k = k

    def __del__(self):
        released.append(self.k)
        holders.append(Box(0.5))
        extra.append(1.0)


def overwrite(ps, n):
    s = 0.0
    for t in range(n):
        for p in ps:  # jit: compiled, deopts
            p.x = 2.0
            s += p.x + len(extra)
    return s


holders = [Box(Noisy(k)) for k in range(30)]
extra = [0.0]
print(overwrite(holders, 3), sorted(released)[:4], len(released), len(holders), len(extra))

ps = make(40, 1)
qs = make(40, 2)
step(ps, 0.01, 60)
print(show(ps)[:12], kinetic(ps))
print(by_enumerate(ps), [p.alive for p in ps[:6]])
print(pairs(ps, qs), pairs(ps, ps))
forces(ps, 0.01)
print([round(p.vx, 12) for p in ps[:5]])
print(last_and_first(ps, 100))
print(pair_forces(ps, 0.01), [round(p.vx, 12) for p in ps[:4]])
print(leapfrog(ps, 0.01, 30), [(round(p.x, 12), p.hits) for p in ps[:3]])
charged = [Charged(0.1 * (k % 11), 0.0, 0.0, 0.0) for k in range(30)]
print(class_constants(charged, 5))
print(counter_rebound(ps, [10 ** 6 + k for k in range(40)]))
doubled = make(30, 9)
doubled[5] = doubled[0]
print(pair_forces(doubled, 0.01), same_numbers([1.0] * 60, 3, 3))
print(out_of_range(ps, 60))
for p in qs[:30]:
    p.mass = 1.5
qs[7].mass = 2.0
print(missing_attribute(qs))
print(kinds_change(make(30, 3)))
last = name_after(ps)
print(last is ps[-1], round(last.y, 12))
print(shared_float(make(20, 4), 0.5))
print(bump_all([Slotted(1.0) for _ in range(60)]))
print(bump_all([Hooked(1.0) for _ in range(60)]))
print(bump_all([Prop(1.0) for _ in range(60)]))
b = Box(0.0)
print(twice([b] * 60))
b = Box(1.0)
items = [Box(float(k)) for k in range(60)]
print(owner_and_items(b, items))
print(owner_and_items(items[3], items))
print(method_call([Walker(float(k)) for k in range(60)]))
step(ps, -0.02, 30)
print(show(ps)[-6:])
