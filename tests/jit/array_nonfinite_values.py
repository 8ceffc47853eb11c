# Array statements check numpy's floating-point conditions with the CPU's flags, as
# numpy does (cleared before the statement's loops, read before its first store that
# a hand-back could not undo): an inf or NaN already in the data raises no flag, so
# it flows through compiled code as it flows through numpy, with no warning and no
# hand-back; an operation that makes one (overflow, 0 / 0, inf - inf, sqrt of a
# negative number) hands the statement to the interpreter, which warns or raises as
# numpy does, with the stores before it done and none after.
import warnings

import numpy as np

warnings.simplefilter("always")


def particles(x, v, a, f, dt, k, m, steps):
    for t in range(steps):  # jit: compiled, fused, clean
        f[:] = -k * x
        a[:] = f / m
        v += a * dt
        x += v * dt
        f *= 0.5
    return x, v


def scaled(y, x, steps):
    # One statement that does not read its target: its flags are read after its
    # stores, which the interpreter would make again with the same values.
    for t in range(steps):  # jit: compiled, clean
        y[:] = x * 2.0 + t
    return y


def growing(y, x, steps):
    # Overflows at one step (x * 1e300 once x passes ~1.8e8): numpy warns there (the
    # fused run notes the flag and the warning comes when the loop returns), and
    # afterwards inf times 1e300 raises nothing.
    for t in range(steps):  # jit: compiled
        x *= 10.0
        y[:] = x * 1e300
    return x, y


def invalid(y, x, steps):
    # inf - inf and sqrt of a negative number: numpy's "invalid value" warnings.
    for t in range(steps):  # jit: compiled, fused
        y[:] = x - x
        y[:] = np.sqrt(y - t)
    return y


def raising(x, steps):
    try:
        with np.errstate(all="raise"):
            for t in range(steps):  # jit: compiled, fused, deopts
                x += 1.0
                x[:] = x * 1e10
    except FloatingPointError as e:
        print("FloatingPointError:", e)
    return x


def raising_before_stores(y, x, steps):
    # A statement that does not read its target: numpy raises before it stores
    # anything, so y keeps the step before's values (under a filter that makes the
    # warning an error as under errstate(over="raise")).
    for t in range(steps):  # jit: compiled, deopts
        x *= 4.0
        y[:] = x * 1e290
    return y


nan, inf = float("nan"), float("inf")
x = np.array([nan, inf, -inf, 1.0, -2.0, 0.5, 3.0, nan, 1e300])
print(particles(x, np.zeros(9), np.zeros(9), np.zeros(9), 0.01, 2.0, 1.5, 60))
print(scaled(np.zeros(9), x.copy(), 40))
print(growing(np.zeros(4), np.array([1.0, -1.0, inf, nan]), 30))
print(invalid(np.zeros(4), np.array([1.0, inf, -inf, 400.0]), 30))
print(raising(np.array([1.0, 2.0, nan, inf]), 40))
for how in ("errstate", "filter"):
    y = np.zeros(5)
    try:
        if how == "errstate":
            with np.errstate(over="raise"):
                raising_before_stores(y, np.array([1.0, -2.0, 3.0, 0.5, 0.0]), 40)
        else:
            with warnings.catch_warnings():
                warnings.simplefilter("error")
                raising_before_stores(y, np.array([1.0, -2.0, 3.0, 0.5, 0.0]), 40)
    except (FloatingPointError, RuntimeWarning) as e:
        print(how, type(e).__name__, e)
    print(y)
