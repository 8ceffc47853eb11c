# A loop over a list of objects that reads `r.x` of every object while it stores `p.x`
# (r is p once per outer iteration; in the third call `qs` holds the same objects
# reversed) until the values overflow to inf and nan: the differential tester's seed
# 328. Such a loop is no candidate for the run under the CPU's flags, which runs an
# innermost loop again from its start where a flag was raised, after writing back as
# bits the elements it stored: an attribute's element is the address of its value, so
# the write-back undid nothing and the first run's stores counted twice (`nan` where
# Python gives `inf`).


class Body:
    def __init__(self, x, v, n):
        self.x = x
        self.v = v
        self.n = n
        self.on = n % 2 == 0


def bodies(k, call, n):
    ps = [Body(0.25 * ((i * 5 + k) % 9) - 1.0, 0.5 - 0.125 * ((i + call) % 7), i - 3)
          for i in range(n)]
    if call == 1:
        ps[n // 2] = ps[0]
        ps[1].x = 3
    if call == 2:
        ps[-1] = Body(0.5, -0.25, 4)
        del ps[2].v
    return ps


def f(ps, qs, dt, steps):
    s = 0.0
    t = 0
    for step in range(steps):  # jit: compiled
        for p, q in zip(ps, qs):
            i = 0
            t = t + ((3 * q.x) + 2.0)
            for r in ps:
                p.x = ((p.x * r.x) + min(q.x, q.x))
    return s, t


for call in range(3):
    ps = bodies(2543, call, 40)
    qs = bodies(2544, 0, 40) if call != 2 else ps[::-1]
    print(call, f(ps, qs, [0.01, 0.5, -0.25][call], 3), [p.x for p in ps[:6]])
