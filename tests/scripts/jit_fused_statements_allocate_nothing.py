# expected-from: kiln
# Issue 16: a time loop of whole-array statements, compiled, fuses them into one loop
# nest whose temporaries are registers: once compiled it allocates nothing per
# iteration (`_kiln_numpy.bytes_allocated()` stays flat), where the interpreter makes
# a temporary array for each operation. The results are the interpreter's.
import numpy as np
import _kiln_numpy


def particles(x, v, a, f, dt, k, m, steps):
    for t in range(steps):
        f[:] = -k * x
        a[:] = f / m
        v += a * dt
        x += v * dt
        f *= 0.5
    return x


def heat(u, new, r, steps):
    for t in range(steps):
        new[1:-1] = u[1:-1] + r * (u[2:] - 2.0 * u[1:-1] + u[:-2])
        new[0] = 0.0
        new[-1] = 0.0
        u[:] = new
    return u


N = 200_000
x = np.linspace(-1.0, 1.0, N)
v, a, f = np.zeros(N), np.zeros(N), np.zeros(N)
particles(x, v, a, f, 0.01, 2.0, 1.5, 150)  # hot: compiled part way through
before = _kiln_numpy.bytes_allocated()
particles(x, v, a, f, 0.01, 2.0, 1.5, 200)
print("particles: bytes allocated in 200 compiled steps:", _kiln_numpy.bytes_allocated() - before)
print(x[:3], v[-3:], f[N // 2])

u = np.sin(np.linspace(0.0, 3.0, N))
new = np.empty_like(u)
heat(u, new, 0.25, 150)
before = _kiln_numpy.bytes_allocated()
heat(u, new, 0.25, 200)
print("heat: bytes allocated in 200 compiled steps:", _kiln_numpy.bytes_allocated() - before)
print(u[:3], u[N // 2])
