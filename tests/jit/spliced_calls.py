# Calls of functions compiled whole (`@njit`) whose result is discarded, spliced into
# the loops that make them (issue 17): a time loop calling a step function that updates
# arrays in place, with and without loops of its own; a failure inside the callee after
# it stored (an index past the end, an int past 64 bits, a zero divisor) resumes the
# callee where it stopped and the caller at the call, so nothing runs twice; a callee
# calling another as a statement; an early `return`; a number parameter the callee
# rebinds (`n += 1` leaves the caller's `n` alone); module constants and `np.pi`.
# A call whose argument stores (`acc.push(pick(c, i))`, `pick` inlined) or draws, and
# whose body then hands back, would make the interpreter store or draw again: it stays
# interpreted, and the results are the interpreter's.
import random
import warnings
import numpy as np
from numba import njit, float64, int64
from numba.experimental import jitclass

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


def pick(c, i):
    c[i % len(c)] += 1
    return -3


@jitclass([("acc", float64), ("n", int64)])
class Acc:
    def __init__(self):
        self.acc = 0.0
        self.n = 0

    def push(self, v):
        self.n += 1
        # -inf + inf: numpy's invalid-value warning hands the body back.
        self.acc += v


def effectful_argument(n):
    a = (np.arange(n) * 7 % 11 - 4).astype(np.int32)
    b = a[1:]
    acc = Acc()
    for i in range(-2, n):
        acc.push(pick(b, i) / a[i // 2])
    return a.tolist(), acc.n, acc.acc


def drawn_argument(n):
    random.seed(5)
    acc = Acc()
    for i in range(n):
        acc.push(random.random() * (1e308 if i % 7 == 3 else 1.0) * (-1) ** i * 1e308)
    return acc.n, acc.acc, random.random()


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
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    print(effectful_argument(40))
    print(drawn_argument(40))
