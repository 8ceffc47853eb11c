# bench_nbody_class: pairwise gravity step in a harness; positions/velocities are attribute arrays.
# Exercises: nested i/j loops reading self.pos[i, 0], math.sqrt, accumulating into locals, writing self.acc[i, 0].
import math
import numpy as np


class NBody:
    def __init__(self, n, steps):
        self.n = n
        self.steps = steps
        self.dt = 0.01
        k = np.arange(n, dtype=np.float64)
        self.pos = np.zeros((n, 2))
        self.pos[:, 0] = (k % 5) - 2.0
        self.pos[:, 1] = (k // 5) - 1.5
        self.vel = np.zeros((n, 2))
        self.vel[:, 0] = 0.1 * self.pos[:, 1]
        self.vel[:, 1] = -0.1 * self.pos[:, 0]
        self.acc = np.zeros((n, 2))
        self.mass = 1.0 + 0.1 * k

    def forces(self):
        for i in range(self.n):  # hot
            ax = ay = 0.0
            for j in range(self.n):  # hot
                if i == j:
                    continue
                dx = self.pos[j, 0] - self.pos[i, 0]
                dy = self.pos[j, 1] - self.pos[i, 1]
                r2 = dx * dx + dy * dy + 0.01
                inv = self.mass[j] / (r2 * math.sqrt(r2))
                ax += dx * inv
                ay += dy * inv
            self.acc[i, 0] = ax
            self.acc[i, 1] = ay

    def run(self):
        for s in range(self.steps):
            self.forces()
            self.vel += self.acc * self.dt
            self.pos += self.vel * self.dt


def main():
    b = NBody(20, 6)
    b.run()
    print(b.pos[:4])
    print(b.vel[-2:])
    print(repr(b.acc[7, 1]))


main()
