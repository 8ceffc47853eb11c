# While numpy's errors only warn (np.errstate 'warn' or 'ignore', no warnings filter
# that makes them errors), a fused run of array statements over one axis stores as it
# goes, chunk by chunk; a chunk that raises a floating-point flag is put back and the
# rest of the run goes one numpy operation at a time, noting each one's flags, so the
# warnings come out as numpy gives them: which operation (multiply, add, subtract,
# divide, exp), in numpy's order, once per operation and step. Under a filter that
# makes warnings errors the run hands back before its first store instead, and the
# interpreter raises where numpy does. A value a later statement of the run overwrites
# is computed all the same, for its warnings.
import warnings

import numpy as np


def particles(x, v, a, f, dt, k, m, steps):
    for t in range(steps):  # jit: compiled, fused, quiet
        f[:] = -k * x
        a[:] = f / m
        v += a * dt
        x += v * dt
        f *= 0.5
    return x, v


def two_flags(p, q, r, steps):
    # Late in the arrays (past the first chunks): p[3500] overflows in the multiply
    # at t == 29, then q - q is inf - inf (invalid).
    for t in range(steps):  # jit: compiled, fused, quiet
        p[:] = p * 1e10
        q[:] = p + r
        r[:] = np.exp(q - q) + t
    return p, q, r


def divides(u, w, c, steps):
    for t in range(steps):  # jit: compiled, fused, quiet
        w[:] = u / (c - t)
        u += w
    return u, w


def overwritten(q, r, c, steps):
    # The square overflows at element 7 on every step, though a later statement of
    # the run overwrites it: numpy warns each time all the same.
    for t in range(steps):  # jit: compiled, fused, quiet
        r += q
        r *= r
        r.fill(c)
    return q, r


def report(name, run):
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        result = run()
    print(name, [r[::997].tolist() for r in result])
    for w in seen:
        print("  ", w.category.__name__, w.message, w.lineno)


n = 5000
x = np.linspace(-1.0, 1.0, n)
# An unstable step (dt = 3): element 4321 overflows at t == 48, then inf - inf.
x[4321] = 1e260
report("particles", lambda: particles(x.copy(), np.zeros(n), np.zeros(n), np.zeros(n), 3.0, 2.0, 1.5, 80))
p = np.ones(n)
p[3500] = 1e10
report("two_flags", lambda: two_flags(p.copy(), np.zeros(n), np.zeros(n), 40))
# c[2048:2050] - t is 0 at t == 27: x / 0 there, and inf - inf after.
c = np.full(n, 100.5)
c[2048:2050] = 27.0
report("divides", lambda: divides(np.linspace(0.0, 1.0, n), np.zeros(n), c, 40))
q = np.linspace(-2.0, 3.0, 16)
q[7] = 1e300
report("overwritten", lambda: overwritten(q, np.full(16, 3.0), 0.5, 30))
with np.errstate(over="ignore", invalid="ignore"):
    report("ignored", lambda: two_flags(p.copy(), np.zeros(n), np.zeros(n), 40))
# The default filter: each warning once per line.
print(particles(x.copy(), np.zeros(n), np.zeros(n), np.zeros(n), 3.0, 2.0, 1.5, 80)[0][::997])
with warnings.catch_warnings():
    warnings.simplefilter("error")
    try:
        two_flags(p.copy(), np.zeros(n), np.zeros(n), 40)
    except RuntimeWarning as e:
        print("RuntimeWarning raised:", e)
