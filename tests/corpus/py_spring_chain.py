# py_spring_chain: a 1-D chain of masses joined by springs, integrated with semi-implicit Euler; spring forces between neighbours via zip(ps, ps[1:]), a pinned first mass, and the energy split into kinetic and elastic parts.
# Exercises: class Mass with float attributes and a bool pinned flag, for a, b in zip(ps, ps[1:]) writing forces into both, for i in range(len(ps)): p = ps[i] updates, for p, q in zip(ps, qs) comparing two chains, attributes reset in a loop.


class Mass:
    def __init__(self, x, m, pinned=False):
        self.x = x
        self.v = 0.0
        self.f = 0.0
        self.m = m
        self.pinned = pinned


def make_chain(n, spacing, stretch):
    ps = [Mass(0.0, 1.0, True)]
    for i in range(1, n):  # hot, interpreted: a call of `Mass()` stays interpreted
        ps.append(Mass(i * spacing * stretch, 1.0 + 0.05 * (i % 4)))
    return ps


def forces(ps, k, rest, gravity):
    for p in ps:  # hot
        p.f = p.m * gravity
    for a, b in zip(ps, ps[1:]):  # hot
        ext = (b.x - a.x) - rest
        f = k * ext
        a.f += f
        b.f -= f


def step(ps, dt, damping):
    for i in range(len(ps)):  # hot
        p = ps[i]
        if p.pinned:
            continue
        p.v += dt * p.f / p.m
        p.v *= damping
        p.x += dt * p.v


def energy(ps, k, rest):
    kin = 0.0
    for p in ps:  # hot
        kin += 0.5 * p.m * p.v * p.v
    el = 0.0
    for i in range(1, len(ps)):  # hot
        ext = ps[i].x - ps[i - 1].x - rest
        el += 0.5 * k * ext * ext
    return kin, el


def max_gap(ps, qs):
    g = 0.0
    for p, q in zip(ps, qs):  # hot
        d = abs(p.x - q.x)
        if d > g:
            g = d
    return g


def run(n, steps, dt, damping):
    ps = make_chain(n, 1.0, 1.1)
    for s in range(steps):  # hot, interpreted: a loop over a slice of a list (`zip(ps, ps[1:])`) in a spliced call
        forces(ps, 40.0, 1.0, 0.0)
        step(ps, dt, damping)
    return ps


def main():
    a = run(30, 400, 0.005, 1.0)
    b = run(30, 400, 0.005, 0.995)
    ka, ea = energy(a, 40.0, 1.0)
    kb, eb = energy(b, 40.0, 1.0)
    print(round(ka + ea, 10), round(kb + eb, 10))
    print(a[-1].x, b[-1].x, a[10].v, b[20].v)
    print(max_gap(a, b), max_gap(a, a))


main()
