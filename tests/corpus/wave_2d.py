# wave_2d: 2-D wave equation, leapfrog with three buffers and an oscillating point source.
# Exercises: 2-D slice stencil writing a third buffer, name rotation, scalar element assignment each step.
import math
import numpy as np


def run(n, nsteps):
    c2 = 0.2
    prev = np.zeros((n, n))
    cur = np.zeros((n, n))
    nxt = np.zeros((n, n))
    src = n // 3
    for t in range(nsteps):  # hot
        lap = cur[2:, 1:-1] + cur[:-2, 1:-1] + cur[1:-1, 2:] + cur[1:-1, :-2] - 4.0 * cur[1:-1, 1:-1]
        nxt[1:-1, 1:-1] = 2.0 * cur[1:-1, 1:-1] - prev[1:-1, 1:-1] + c2 * lap
        nxt[src, src] += math.sin(0.3 * t)
        prev, cur, nxt = cur, nxt, prev
    return cur


def main():
    u = run(48, 90)
    print(u[16, 10:22])
    print(u[30, 30:36])
    print(repr(u.max()), repr(u.min()))


main()
