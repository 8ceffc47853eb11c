# Calls of functions compiled whole (`@njit`) whose result is discarded, spliced into
# the loops that make them (issue 17): a time loop calling a step function that updates
# arrays in place, with and without loops of its own; a failure inside the callee after
# it stored (an index past the end, an int past 64 bits, a zero divisor) resumes the
# callee where it stopped and the caller at the call, so nothing runs twice; a callee
# calling another as a statement; an early `return`; a number parameter the callee
# rebinds (`n += 1` leaves the caller's `n` alone); module constants and `np.pi`.
import numpy as np
from numba import njit

SCALE = 3


@njit
def relax(u, v, c):
    v[1:-1] += c * (u[2:] - 2.0 * u[1:-1] + u[:-2])
    u += v


@njit
def smooth_inner(a, w):
    for i in range(1, a.shape[0] - 1):
        a[i] = (1.0 - w) * a[i] + 0.5 * w * (a[i - 1] + a[i + 1])


@njit
def bump(a, hits, k):
    hits[0] += 1
    a[k] = a[k] + 1.0


@njit
def grow(acc, k):
    acc[0] += 1
    x = 1
    for j in range(k):
        x = x * SCALE
    acc[1] = acc[1] + x % 1000003


@njit
def ratio(out, num, den, k):
    out[0] += 1.0
    out[1] = int(num[k]) // int(den[k])


@njit
def inner_step(a, t):
    a[t % a.shape[0]] += np.pi


@njit
def outer_step(a, b, t):
    b[0] += 1.0
    inner_step(a, t)
    b[1] = a.sum()


@njit
def maybe(a, t):
    a[0] += 1.0
    if t % 3 == 0:
        return
    a[1] += 1.0


def tally(a, k):
    a[k % 3] += 1.0
    return a[0]


@njit
def rebind(a, n):
    n += 1
    a[0] += n


def time_loop(n, steps):
    u = np.linspace(0.0, 1.0, n)
    v = np.zeros(n)
    for t in range(steps):  # jit: compiled
        relax(u, v, 0.01)
    return u.sum(), v.sum()


def smoothing(n, steps):
    a = np.where(np.arange(n) % 5 == 0, 1.0, 0.0)
    for t in range(steps):  # jit: compiled
        smooth_inner(a, 0.5)
    return a[:6]


def past_the_end(n):
    a = np.zeros(n)
    hits = np.zeros(1, dtype=np.int64)
    try:
        for k in range(n + 5):  # jit: compiled, deopts
            bump(a, hits, k)
    except IndexError as e:
        print("IndexError:", e)
    return hits[0], a.sum()


def big_ints(m):
    acc = np.zeros(2, dtype=np.int64)
    for k in range(m):  # jit: compiled, deopts
        grow(acc, k)
    return acc


def zero_divisor():
    out = np.zeros(2)
    num = np.arange(60, dtype=np.int64) * 7
    den = np.arange(60, dtype=np.int64) % 45 + 1
    den[50] = 0
    try:
        for k in range(60):  # jit: compiled, deopts
            ratio(out, num, den, k)
    except ZeroDivisionError as e:
        print(type(e).__name__)
    return out


def nested(steps):
    a = np.zeros(7)
    b = np.zeros(2)
    for t in range(steps):  # jit: compiled
        outer_step(a, b, t)
    return a, b


def returns_early(steps):
    a = np.zeros(2)
    for t in range(steps):  # jit: compiled
        maybe(a, t)
    return a


def plain_helper(steps):
    a = np.zeros(3)
    for t in range(steps):  # jit: compiled
        tally(a, t)
    return a


def number_parameter(steps):
    a = np.zeros(1)
    n = 5
    for t in range(steps):  # jit: compiled
        rebind(a, n)
    return a[0], n


print(time_loop(64, 200))
print(smoothing(40, 120))
print(past_the_end(60))
print(big_ints(80))
print(zero_divisor())
print(nested(90))
print(returns_early(100))
print(plain_helper(70))
print(number_parameter(50))
