"""particles_objects: particles kept as objects in a list, moved and bounced off the
walls of a box for a number of steps, the time loop and the loop over the objects in
one function; compiled, each attribute is read and stored in the object itself (a float
only the object holds takes its new value in place).
"""

import sys
import time

TINY_N = 50
TABLE_N = 3000
LARGE_N = 30000
STEPS = 200


class Particle:
    def __init__(self, x, y, vx, vy):
        self.x = x
        self.y = y
        self.vx = vx
        self.vy = vy
        self.bounces = 0


def inputs(n):
    ps = []
    for i in range(n):
        ps.append(Particle((i * 37 % 1000) / 10.0, (i * 53 % 600) / 10.0,
                           ((i * 7) % 41 - 20) * 1.5, ((i * 11) % 31 - 15) * 2.0))
    return (ps, STEPS)


def particles_objects(ps, steps):
    dt = 0.01
    for t in range(steps):
        for p in ps:
            p.vy -= 9.81 * dt
            p.vx *= 0.999
            p.vy *= 0.999
            p.x += p.vx * dt
            p.y += p.vy * dt
            if p.x < 0.0:
                p.x = -p.x
                p.vx = -p.vx
                p.bounces += 1
            elif p.x > 100.0:
                p.x = 200.0 - p.x
                p.vx = -p.vx
                p.bounces += 1
            if p.y < 0.0:
                p.y = -p.y
                p.vy = -0.9 * p.vy
                p.bounces += 1
    e = 0.0
    hits = 0
    for p in ps:
        e += 0.5 * (p.vx * p.vx + p.vy * p.vy) + 9.81 * p.y
        hits += p.bounces
    return e, hits


def checksum(result):
    return result[0] + result[1]


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = particles_objects(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
