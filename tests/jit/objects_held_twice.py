# Objects held more than once by the lists a loop runs over (`zip(ps, ps[1:])`, a list
# with one object twice) whose attributes the loop stores: every entry of the object
# sees each store, whether the value is replaced in place (a float only the object
# holds) or set anew by the VM's helper (a float or small int another name holds too,
# as `0.0` and `0` are at first).


class Mass:
    def __init__(self, x):
        self.x = x
        self.f = 0.0
        self.hits = 0


def spring_forces(ps, k, rest):
    for p in ps:  # jit: compiled
        p.f = 0.0
    for a, b in zip(ps, ps[1:]):  # jit: compiled
        ext = (b.x - a.x) - rest
        a.f += k * ext
        b.f -= k * ext
        a.hits += 1
        b.hits += 1


def springs(ps, k, rest, steps):
    for _ in range(steps):
        spring_forces(ps, k, rest)
        for p in ps:  # jit: compiled
            p.x += 0.01 * p.f


def twice(ps, steps):
    for _ in range(steps):  # jit: compiled
        for p in ps:
            p.x = p.x * 0.5 + 1.0
            p.hits += 1


ps = [Mass(1.1 * i + (0.3 if i % 3 else 0.0)) for i in range(40)]
springs(ps, 2.0, 1.0, 50)
print([round(p.x, 10) for p in ps[:6]], [p.hits for p in ps[:4]], ps[-1].hits)
print([round(p.f, 10) for p in ps[-4:]])

one = Mass(3.0)
qs = [Mass(float(i)) for i in range(30)]
qs[10] = one
qs[20] = one
qs.append(qs[0])
twice(qs, 40)
print([round(q.x, 12) for q in qs[:3]], one.x, one.hits, qs[0].hits, qs[5].hits)
