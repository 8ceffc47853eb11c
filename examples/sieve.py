"""Count primes below a bound with a sieve of Eratosthenes: plain loops over a numpy
array, which kiln compiles once they are hot (`kiln --jit-report` shows them).

    kiln examples/sieve.py [BOUND]
"""

import sys
import time

import numpy as np


def sieve(bound):
    is_prime = np.ones(bound, dtype=np.bool_)
    is_prime[0] = is_prime[1] = False
    i = 2
    while i * i < bound:
        if is_prime[i]:
            for multiple in range(i * i, bound, i):
                is_prime[multiple] = False
        i += 1
    count = 0
    largest = 0
    for n in range(bound):
        if is_prime[n]:
            count += 1
            largest = n
    return count, largest


if __name__ == "__main__":
    bound = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000_000
    start = time.perf_counter()
    count, largest = sieve(bound)
    elapsed = time.perf_counter() - start
    print(f"{count} primes below {bound}; the largest is {largest}")
    print(f"sieve took {elapsed:.3f} s")
