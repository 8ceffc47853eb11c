"""Count primes below a bound with a sieve of Eratosthenes: plain loops over a list.

    kiln examples/sieve.py [BOUND]
"""

import sys
import time


def sieve(bound):
    is_prime = [True] * bound
    is_prime[0] = is_prime[1] = False
    i = 2
    while i * i < bound:
        if is_prime[i]:
            for multiple in range(i * i, bound, i):
                is_prime[multiple] = False
        i += 1
    return [n for n in range(bound) if is_prime[n]]


if __name__ == "__main__":
    bound = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    start = time.perf_counter()
    primes = sieve(bound)
    elapsed = time.perf_counter() - start
    print(f"{len(primes)} primes below {bound}; the largest is {primes[-1]}")
    print(f"sieve took {elapsed:.3f} s")
