# Methods called on the objects of a list (`for p in ps: p.move(dt)`) are inlined on the
# class of the list's items, guarded on entry (every item of that class, the method
# still that function, no item with an attribute of the method's name). Their stores
# into `self.x` are journaled: a check that fails later in the call (a zero divisor, an
# attribute of another type, a float another name holds too) undoes them and hands the
# call back to the interpreter, which makes it once. What stays interpreted: items of
# two classes, a procedure whose None is used, a store of a non-float.
import random

GRAVITY = -9.81
WIDTH = 10.0


class Particle:
    def __init__(self, x, y, vx, vy):
        self.x = x
        self.y = y
        self.vx = vx
        self.vy = vy

    def move(self, dt):
        self.vy += GRAVITY * dt
        self.x += self.vx * dt
        self.y += self.vy * dt

    def bounce(self):
        if self.x < 0.0:
            self.x = -self.x
            self.vx = -self.vx
        elif self.x > WIDTH:
            self.x = 2.0 * WIDTH - self.x
            self.vx = -self.vx
        if self.y < 0.0:
            self.y = -self.y
            self.vy = -0.9 * self.vy

    def step(self, dt):
        self.move(dt)
        self.bounce()

    def energy(self):
        return 0.5 * (self.vx * self.vx + self.vy * self.vy) - GRAVITY * self.y

    def scaled_by(self, d):
        self.x = self.x * 0.5
        self.vx = self.vx / d
        return self.x


def make(n, seed):
    rng = random.Random(seed)
    return [Particle(rng.uniform(0, WIDTH), rng.uniform(0, 5), rng.uniform(-3, 3),
                     rng.uniform(-1, 1)) for _ in range(n)]


def show(ps):
    return [round(v, 10) for p in ps[:5] for v in (p.x, p.y, p.vx, p.vy)]


def simulate(ps, steps, dt):
    for _ in range(steps):  # jit: compiled
        for p in ps:
            p.move(dt)
            p.bounce()


def simulate_nested(ps, steps, dt):
    for _ in range(steps):  # jit: compiled
        for p in ps:
            p.step(dt)


def total_energy(ps):
    e = 0.0
    for p in ps:  # jit: compiled
        e += p.energy()
    return e


def scale_all(ps, d):
    s = 0.0
    for p in ps:  # jit: compiled
        s += p.scaled_by(d)
    return s


ps = make(200, 1)
simulate(ps, 50, 0.01)
print("simulate", show(ps))
qs = make(200, 1)
simulate_nested(qs, 50, 0.01)
print("nested", show(qs), show(ps) == show(qs))
print("energy", round(total_energy(ps), 8))
print("scaled", round(scale_all(ps, 2.0), 8), show(ps))

# A zero divisor at one object: the stores the call made before it are undone, the
# interpreter raises at that object, and the objects before it were moved once.
rs = make(300, 2)
for _ in range(3):
    scale_all(rs, 3.0)
try:
    scale_all(rs, 0.0)
except ZeroDivisionError:
    print("ZeroDivisionError", show(rs))

# An attribute of another type half way through the list.
ts = make(300, 3)
for _ in range(3):
    simulate(ts, 2, 0.01)
ts[150].vy = 2
simulate(ts, 2, 0.01)
print("int attribute", show(ts), ts[150].vy, type(ts[150].vy).__name__)

# Floats another name holds too (one shared constant): the interpreter stores those.
zero = 0.0
us = [Particle(1.0 + i, 2.0, zero, zero) for i in range(300)]
for _ in range(3):
    simulate(us, 3, 0.01)
print("shared", show(us), zero)

# The class's method rebound between runs, an object with its own `move`.
vs = make(300, 4)
simulate(vs, 5, 0.01)
original = Particle.move
Particle.move = lambda self, dt: setattr(self, "x", self.x + 1.0)
simulate(vs, 5, 0.01)
print("rebound", show(vs))
Particle.move = original
simulate(vs, 5, 0.01)
vs[3].move = lambda dt: None
simulate(vs, 5, 0.01)
print("own move", show(vs))
del vs[3].move
simulate(vs, 5, 0.01)
print("restored", show(vs))


class Other(Particle):
    def move(self, dt):
        self.x -= dt


ws = make(100, 5) + [Other(1.0, 1.0, 1.0, 1.0)]
for _ in range(3):
    simulate(ws, 5, 0.01)
print("two classes", show(ws), ws[-1].x)


def none_used(ps, dt):
    got = []
    for p in ps:
        got.append(p.bounce())
    return got


print("none used", none_used(make(300, 6), 0.01)[:3])


class Counter:
    def __init__(self):
        self.n = 0
        self.label = "c"

    def tick(self):
        self.n += 1
        self.label = "t"


cs = [Counter() for _ in range(300)]
for _ in range(3):
    for c in cs:
        c.tick()
print("non-float stores", cs[0].n, cs[-1].label)
