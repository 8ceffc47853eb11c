# Neighbouring array statements over one iteration space fuse into one loop nest
# (issue 16, the kernel fusion of MEGHA): each element goes through every statement
# in order, later statements reading the values earlier ones stored from registers.
# A run whose lengths differ runs one statement after the other; a statement that
# reads another's target at other elements ends the run. While numpy's errors only
# warn, a run over one axis stores as it goes and gives numpy's warnings afterwards
# (tests/jit/array_fused_warnings.py); under np.errstate(all='raise') a flag hands
# back the whole run before its first store, and the interpreter raises where numpy
# does.
import numpy as np


def particles(x, v, a, f, dt, k, m, steps):
    for t in range(steps):  # jit: compiled, fused
        f[:] = -k * x
        a[:] = f / m
        v += a * dt
        x += v * dt
        f *= 0.5
    return x, v


def rows(m, w, steps):
    # 2-d targets with a row and a new axis broadcast.
    for t in range(steps):  # jit: compiled, fused
        m[1:, :] = m[1:, :] * 0.5 + w[None, :]
        m[1:, :] -= w
        m[1:, 1:] = m[1:, 1:] * 1.0
    return m


def lengths(a, b, c, n, steps):
    # The targets' lengths are equal only for some n: unfused otherwise.
    for t in range(steps):  # jit: compiled, fused
        a[:n] = c[:n] + t
        b[1:] = b[1:] * 0.5 + c[:9]
    return a, b


def dependent(a, b, steps):
    # The second statement reads `a` shifted from what the first writes: not fused.
    for t in range(steps):  # jit: compiled
        a[1:] = b[1:] + t
        b[:-1] = a[1:] * 2.0
    return a, b


def warns(a, b, c, steps):
    # c[3] becomes 0 at t == 20: the second statement divides by zero there; numpy
    # warns once, after the first statement of that step stored.
    for t in range(steps):  # jit: compiled, fused
        a[:] = b * (t + 1)
        b[:] = a / (c - (t == 20) * c)
    return a, b


def raises(a, b, steps):
    try:
        with np.errstate(all="raise"):
            for t in range(steps):  # jit: compiled, fused, deopts
                a[:] = b + t
                b[:] = a * 1e12
    except FloatingPointError as e:
        print("FloatingPointError:", e)
    return a, b


x = np.linspace(-1.0, 1.0, 300)
print(particles(x, np.zeros(300), np.zeros(300), np.zeros(300), 0.01, 2.0, 1.5, 120))
print(rows(np.arange(24.0).reshape(4, 6), np.linspace(0.0, 1.0, 6), 40))
print(lengths(np.zeros(10), np.arange(10.0), np.ones(10), 9, 40))
print(lengths(np.zeros(10), np.arange(10.0), np.ones(10), 10, 40))
print(dependent(np.zeros(12), np.arange(12.0), 40))
with np.errstate(all="warn"):
    print(warns(np.zeros(6), np.ones(6), np.arange(1.0, 7.0), 30))
print(raises(np.zeros(5), np.arange(5.0), 40))
f32 = np.linspace(0.0, 1.0, 50).astype(np.float32)
print(particles(f32.copy(), np.zeros(50, np.float32), np.zeros(50, np.float32), np.zeros(50, np.float32), 0.1, 2.0, 1.5, 60))
