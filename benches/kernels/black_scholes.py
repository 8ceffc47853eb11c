"""black_scholes: European call and put prices of n options (Black-Scholes formula).

ALPyNA's benchmark 1 (32K to 16M options there): one loop, a dozen statements, math
intrinsics (sqrt, log, exp) and a branch in the cumulative normal distribution, which
is a small helper function called twice per option. Every iteration is independent.
"""

import math
import sys
import time

import numpy as np

# Sizes (benches/run.py): TINY_N for the test suite, TABLE_N for the default table
# (about 0.4 s under CPython), LARGE_N for --size large (Numba warm about 10-40 ms).
TINY_N = 9
TABLE_N = 60000
LARGE_N = 200000


def inputs(n):
    i = np.arange(n)
    price = 5.0 + 25.0 * ((i * 7) % 101) / 101.0
    strike = 1.0 + 99.0 * ((i * 13) % 97) / 97.0
    years = 0.25 + 9.75 * ((i * 3) % 89) / 89.0
    call = np.zeros(n)
    put = np.zeros(n)
    return price, strike, years, 0.02, 0.30, call, put


def cnd(d):
    """Cumulative normal distribution (Abramowitz-Stegun polynomial)."""
    a1 = 0.31938153
    a2 = -0.356563782
    a3 = 1.781477937
    a4 = -1.821255978
    a5 = 1.330274429
    rsqrt2pi = 0.39894228040143267794
    k = 1.0 / (1.0 + 0.2316419 * abs(d))
    value = rsqrt2pi * math.exp(-0.5 * d * d) * (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))))
    if d > 0:
        value = 1.0 - value
    return value


def black_scholes(price, strike, years, rate, volatility, call, put):
    for i in range(price.shape[0]):
        s = price[i]
        x = strike[i]
        t = years[i]
        sqrt_t = math.sqrt(t)
        d1 = (math.log(s / x) + (rate + 0.5 * volatility * volatility) * t) / (volatility * sqrt_t)
        d2 = d1 - volatility * sqrt_t
        cnd_d1 = cnd(d1)
        cnd_d2 = cnd(d2)
        discount = math.exp(-rate * t)
        call[i] = s * cnd_d1 - x * discount * cnd_d2
        put[i] = x * discount * (1.0 - cnd_d2) - s * (1.0 - cnd_d1)
    return call, put


def checksum(result):
    call, put = result
    return float(call.sum()) + 2.0 * float(put.sum())


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = black_scholes(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
