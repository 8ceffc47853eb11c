"""Monte Carlo estimate of pi with random.random() (seeded, so the output is fixed)."""

import random


def estimate_pi(samples):
    inside = 0
    for _ in range(samples):
        x = random.random()
        y = random.random()
        if x * x + y * y <= 1.0:
            inside += 1
    return inside


def main():
    random.seed(1)
    samples = 1_800_000
    inside = estimate_pi(samples)
    print("checksum:", inside, 4.0 * inside / samples)


main()
