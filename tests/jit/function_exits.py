# Functions compiled whole that hand statements back to the interpreter: an exit
# writes back only what the rest of the function may read (liveness), so the
# interpreter must find every such variable, in loops, after them, in a tuple, in
# the caller of a spliced function, and after `break`.
import numpy as np
from numba import njit


@njit
def overflow_late(a, big):  # jit: compiled, deopts
    # `last` is assigned early and read only after the loop; the hand-back (an int64
    # overflow past 2**63 becomes a Python int in the interpreter) is in between.
    last = a[0]
    total = 0
    for i in range(a.shape[0]):
        step = a[i] * big
        total += step
        last = step
    return total, last, i


@njit
def best_pair(x, limit):  # jit: compiled, deopts
    best = (-1, 1e300)
    count = 0
    for i in range(x.shape[0]):
        d = abs(x[i] - 0.5)
        if d < best[1]:
            best = (i, d)
        count += 1
        if count > limit:
            # An index past the end: the interpreter raises here, or goes on.
            d = x[i + 1000]
    return best, count


@njit
def scan_until(a, stop_at):  # jit: compiled, deopts
    k = -1
    seen = 0.0
    for j in range(a.shape[0]):
        seen += a[j]
        if a[j] == stop_at:
            k = j
            break
    # Read after the loop only; the hand-back is the division below.
    ratio = seen / k
    return k, seen, ratio


@njit
def step(u, v, dt):
    for i in range(1, u.shape[0] - 1):
        u[i] = u[i] + (v[i - 1] - 2 * v[i] + v[i + 1]) * dt


def run_steps(u, v, steps):
    # `step` spliced into the loop: at t == 25 its product overflows int64, which
    # hands the caller back at the call (run again: `t` must be there) and the
    # callee at its statement.
    for t in range(steps):  # jit: compiled, deopts
        step(u, v, 2**62 if t == 25 else t - 3)
    return u


a = np.arange(1, 40, dtype=np.int64)
print(overflow_late(a, 3), overflow_late(a, 2**58))
x = np.linspace(0.0, 1.0, 31)
print(best_pair(x, 100))
try:
    print(best_pair(x, 10))
except IndexError as e:
    print("IndexError", e)
b = np.array([1.0, 2.0, 3.0, 4.0])
print(scan_until(b, 3.0))
try:
    print(scan_until(b, 9.0))
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)
print(scan_until(b, 1.0))
u = np.arange(12, dtype=np.int64)
v = np.arange(12, dtype=np.int64) ** 2
print(run_steps(u, v, 30))
