# nbody_step from tests/numba/, at a size where the work outweighs start-up.
# nbody_step: softened gravitational n-body integration (kick-drift) with the time loop inside the jitted function.
# Exercises: @njit, time loop around an O(n^2) force loop, np.sqrt on scalars, skipping i == j with continue, energy reduction loop.
import numpy as np
from numba import njit


@njit
def step(pos, vel, mass, dt, nsteps, eps):
    n = pos.shape[0]
    acc = np.zeros_like(pos)
    for s in range(nsteps):
        acc[:, :] = 0.0
        for i in range(n):
            for j in range(n):
                if i == j:
                    continue
                dx = pos[j, 0] - pos[i, 0]
                dy = pos[j, 1] - pos[i, 1]
                dz = pos[j, 2] - pos[i, 2]
                r2 = dx * dx + dy * dy + dz * dz + eps * eps
                inv = mass[j] / (r2 * np.sqrt(r2))
                acc[i, 0] += dx * inv
                acc[i, 1] += dy * inv
                acc[i, 2] += dz * inv
        for i in range(n):
            for c in range(3):
                vel[i, c] += dt * acc[i, c]
                pos[i, c] += dt * vel[i, c]


@njit
def energy(pos, vel, mass, eps):
    n = pos.shape[0]
    kin = 0.0
    pot = 0.0
    for i in range(n):
        kin += 0.5 * mass[i] * (vel[i, 0] ** 2 + vel[i, 1] ** 2 + vel[i, 2] ** 2)
        for j in range(i + 1, n):
            dx = pos[j, 0] - pos[i, 0]
            dy = pos[j, 1] - pos[i, 1]
            dz = pos[j, 2] - pos[i, 2]
            pot -= mass[i] * mass[j] / np.sqrt(dx * dx + dy * dy + dz * dz + eps * eps)
    return kin, pot


def main():
    n = 400
    k = np.arange(n, dtype=np.float64)
    pos = np.stack([np.cos(0.0 * k) * (k % 4) - 1.5, (k // 4) - 1.5, 0.25 * (k % 3)], axis=1)
    vel = np.zeros((n, 3))
    vel[:, 0] = -0.05 * pos[:, 1]
    vel[:, 1] = 0.05 * pos[:, 0]
    mass = 1.0 + (k % 5) / 4.0
    for rep in range(4):
        step(pos, vel, mass, 0.01, 13, 0.1)
        kin, pot = energy(pos, vel, mass, 0.1)
        print(round(kin, 9), round(pot, 9))
    print(pos[:3])
    print(vel[-2:])


main()
