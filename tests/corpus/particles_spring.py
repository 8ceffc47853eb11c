# particles_spring: semi-implicit Euler for independent harmonic oscillators.
# Exercises: whole-array in-place updates x += v * dt, v -= k * x * dt inside a step loop.
import numpy as np


def simulate(x, v, k, dt, nsteps):
    energy = []
    for step in range(nsteps):  # hot
        v -= k * x * dt
        x += v * dt
        if step % 50 == 0:
            energy.append(float(0.5 * (v * v).sum() + 0.5 * (k * x * x).sum()))
    return x, v, energy


def main():
    n = 300
    x = np.linspace(-1.0, 1.0, n)
    v = np.zeros(n)
    k = 1.0 + 0.01 * np.arange(n)
    x, v, energy = simulate(x, v, k, 0.01, 200)
    print(x[:4], v[:4])
    print(x[-3:], v[-3:])
    print([round(e, 10) for e in energy])


main()
