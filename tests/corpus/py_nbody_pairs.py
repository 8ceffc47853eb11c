# py_nbody_pairs: a softened 2-D gravitational N-body system of Body objects integrated with leapfrog; forces by a nested loop over all pairs, energy over index pairs i < j, momentum via enumerate.
# Exercises: class Body with float attributes, nested for p in ps / for q in ps with an identity skip (p is q), accumulating into p.ax / p.ay, math.sqrt of a softened distance, for i in range(n): p = ps[i] with an inner range(i + 1, n), for i, p in enumerate(ps).
import math


class Body:
    def __init__(self, x, y, vx, vy, m):
        self.x = x
        self.y = y
        self.vx = vx
        self.vy = vy
        self.m = m
        self.ax = 0.0
        self.ay = 0.0


def accelerations(ps, eps2):
    for p in ps:  # hot
        p.ax = 0.0
        p.ay = 0.0
        for q in ps:  # hot, interpreted: is used other than through its items
            if p is q:
                continue
            dx = q.x - p.x
            dy = q.y - p.y
            r2 = dx * dx + dy * dy + eps2
            inv = q.m / (r2 * math.sqrt(r2))
            p.ax += dx * inv
            p.ay += dy * inv


def energy(ps, eps2):
    n = len(ps)
    kin = 0.0
    pot = 0.0
    for i in range(n):  # hot
        p = ps[i]
        kin += 0.5 * p.m * (p.vx * p.vx + p.vy * p.vy)
        for j in range(i + 1, n):  # hot
            q = ps[j]
            dx = q.x - p.x
            dy = q.y - p.y
            pot -= p.m * q.m / math.sqrt(dx * dx + dy * dy + eps2)
    return kin + pot


def leapfrog(ps, dt, steps, eps2):
    accelerations(ps, eps2)
    for s in range(steps):  # hot
        for p in ps:  # hot
            p.vx += 0.5 * dt * p.ax
            p.vy += 0.5 * dt * p.ay
            p.x += dt * p.vx
            p.y += dt * p.vy
        accelerations(ps, eps2)
        for p in ps:  # hot
            p.vx += 0.5 * dt * p.ax
            p.vy += 0.5 * dt * p.ay


def momentum(ps):
    px = py = 0.0
    weighted = 0.0
    for i, p in enumerate(ps):  # hot
        px += p.m * p.vx
        py += p.m * p.vy
        weighted += i * p.m
    return px, py, weighted


def main():
    n = 26
    ps = []
    for i in range(n):
        a = 2.0 * math.pi * i / n
        r = 1.0 + 0.1 * (i % 5)
        ps.append(Body(r * math.cos(a), r * math.sin(a), -0.3 * math.sin(a), 0.3 * math.cos(a), 1.0 / n + 0.001 * (i % 3)))
    eps2 = 0.01
    e0 = energy(ps, eps2)
    p0 = momentum(ps)
    leapfrog(ps, 0.002, 60, eps2)
    e1 = energy(ps, eps2)
    print(round(e0, 10), round(e1, 10), abs(e1 - e0) < 1e-3)
    px, py, w = momentum(ps)
    print(p0[2] == w, round(px, 12), round(py, 12), w)
    print(ps[0].x, ps[0].y, ps[n - 1].vx, ps[n - 1].vy)


main()
