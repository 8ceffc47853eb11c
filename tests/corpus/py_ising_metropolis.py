# py_ising_metropolis: the 2-D Ising model on an L x L list-of-lists lattice of +1/-1 spins with periodic boundaries, Metropolis single-spin updates at a few temperatures, with magnetisation and energy per spin averaged over sweeps.
# Exercises: a seeded random.Random(seed) instance drawing i = rng.randint(0, 15) and x = rng.random(), neighbour sums with (i + 1) % L wrap-around, a precomputed acceptance list indexed by the local field, int spin flips via row[j] = -s, sweeps over the whole lattice computing energy through hoisted rows.
import math
import random


def lattice(L, rng):
    spins = []
    for i in range(L):
        row = []
        for j in range(L):  # hot
            x = rng.random()
            row.append(1 if x < 0.5 else -1)
        spins.append(row)
    return spins


def acceptance(beta):
    # probability of flipping for dE = 2 * s * h, h in {-4, -2, 0, 2, 4}: index by s * h + 4
    return [min(1.0, math.exp(-2.0 * beta * k)) for k in range(-4, 5)]


def sweep(spins, L, acc, rng):
    flips = 0
    for n in range(L * L):  # hot
        i = rng.randint(0, 15)
        j = rng.randint(0, 15)
        row = spins[i]
        s = row[j]
        h = spins[(i + 1) % L][j] + spins[(i - 1) % L][j] + row[(j + 1) % L] + row[(j - 1) % L]
        x = rng.random()
        if x < acc[s * h + 4]:
            row[j] = -s
            flips += 1
    return flips


def observables(spins, L):
    m = 0
    e = 0
    for i in range(L):  # hot
        row = spins[i]
        below = spins[(i + 1) % L]
        for j in range(L):  # hot
            s = row[j]
            m += s
            e -= s * (row[(j + 1) % L] + below[j])
    return m, e


def simulate(T, sweeps, warmup, seed):
    L = 16
    rng = random.Random(seed)
    spins = lattice(L, rng)
    acc = acceptance(1.0 / T)
    flips = 0
    msum = 0.0
    esum = 0.0
    for t in range(warmup + sweeps):  # hot, interpreted: `sweep()` is not inlined
        flips += sweep(spins, L, acc, rng)
        if t >= warmup:
            m, e = observables(spins, L)
            msum += abs(m) / (L * L)
            esum += e / (L * L)
    return flips, msum / sweeps, esum / sweeps


def main():
    for T in (1.5, 2.27, 3.5):
        flips, m, e = simulate(T, 30, 30, 2024)
        print(T, flips, round(m, 10), round(e, 10))


main()
