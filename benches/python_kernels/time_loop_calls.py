"""time_loop_calls: a simulation's time loop calling plain functions that have loops of
their own (`move(ps, dt, width)` over a list of particle objects, `relax(u, n)` over a
list of floats), the shape most simulation scripts take; compiled, both callees are
spliced into the time loop, which runs whole (interpreted, each call would enter the
callee's compiled loop from the interpreter).
"""

import sys
import time

TINY_N = 8
TABLE_N = 100
LARGE_N = 400

STEPS = 2000


class Particle:
    def __init__(self, x, vx):
        self.x = x
        self.vx = vx


def move(ps, dt, width):
    for p in ps:
        p.x += p.vx * dt
        if p.x < 0.0 or p.x > width:
            p.vx = -p.vx


def relax(u, n):
    for i in range(1, n - 1):
        u[i] = 0.5 * (u[i - 1] + u[i + 1])


def inputs(n):
    ps = [Particle(float(i % 9), 0.5 * (i % 5) - 1.0) for i in range(n)]
    u = [float(i % 7) for i in range(n)]
    return ps, u, n


def time_loop_calls(ps, u, n):
    for t in range(STEPS):
        move(ps, 0.01, 8.0)
        relax(u, n)
    return ps, u


def checksum(result):
    ps, u = result
    return sum(p.x for p in ps) + sum(u)


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = time_loop_calls(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
