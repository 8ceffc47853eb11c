# monte_carlo_lcg from tests/numba/, at a size where the work outweighs start-up.
# monte_carlo_lcg: Monte Carlo estimates of pi and of a 2-D integral driven by a hand-written linear congruential generator.
# Exercises: @njit(nogil=True, boundscheck=False), a jitted LCG helper returning a (state, uniform) tuple, int64 modular arithmetic, while loop over samples.
import numpy as np
from numba import njit

M = 2147483648
A_LCG = 1103515245
C_LCG = 12345


@njit(nogil=True, boundscheck=False)
def lcg(state):
    state = (A_LCG * state + C_LCG) % M
    return state, state / M


@njit(nogil=True, boundscheck=False)
def estimate_pi(seed, n):
    state = seed
    inside = 0
    i = 0
    while i < n:
        state, x = lcg(state)
        state, y = lcg(state)
        if x * x + y * y < 1.0:
            inside += 1
        i += 1
    return inside, state


@njit(nogil=True, boundscheck=False)
def integrate_box(seed, n, out):
    state = seed
    acc = 0.0
    for i in range(n):
        state, x = lcg(state)
        state, y = lcg(state)
        v = x * y + 0.5 * x
        acc += v
        out[i % out.shape[0]] += v
    return acc / n


def main():
    for seed in (1, 42, 2024):
        inside, state = estimate_pi(seed, 2000000)
        print(seed, inside, 4.0 * inside / 2000000, state)
    out = np.zeros(8)
    for seed in (7, 8, 9):
        est = integrate_box(seed, 500000, out)
        print(round(est, 12))
    print(np.round(out, 9))


main()
