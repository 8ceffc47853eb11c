# Array statements inside hot loops compile (issue 16): stores into views, in-place
# updates of whole arrays, broadcasting of scalars and new axes, integer + slice
# mixes, negative steps. Each becomes a loop over its elements at its own point; the
# statements numpy computes through a temporary (a view read shifted from the one it
# writes) stay interpreted, and errors (a shape mismatch, an index out of bounds) come
# from the statement numpy raises them at, with the stores before it done.
import numpy as np


def heat(u, r, steps):
    # Double buffering: swapping the names moves the arrays' descriptors.
    new = u.copy()
    for t in range(steps):  # jit: compiled
        new[1:-1] = u[1:-1] + r * (u[2:] - 2.0 * u[1:-1] + u[:-2])
        new[0] = 0.0
        new[-1] = 0.0
        u, new = new, u
    return u


def wave(a, b, c, steps):
    # Three buffers rotated, in a branch; after the loop the names hold the arrays
    # they were last given.
    for t in range(steps):  # jit: compiled
        c[1:-1] = 2.0 * b[1:-1] - a[1:-1] + 0.1 * (b[2:] - 2 * b[1:-1] + b[:-2])
        if t % 3 == 0:
            a, b, c = b, c, a
        else:
            a, b = b, a
        s = b[5]
    return a, b, c, s


def particles(x, v, dt, k, steps):
    for t in range(steps):  # jit: compiled
        v -= k * x * dt
        x += v * dt
    return x, v


def rows(a, b, c):
    n = a.shape[0]
    for i in range(n):  # jit: compiled
        a[i, :] = b[i, :] * c + a[i, 0]
        a[i, 1:] += 0.5
    return a


def rows_of_matrix(a, b):
    for i in range(a.shape[0]):  # jit: compiled
        a[i] = b[i] * 2 - b[-1 - i]
    return a


def lu(A):
    n = A.shape[0]
    for k in range(n - 1):  # jit: compiled
        A[k + 1:, k] /= A[k, k]
        # Row `k` is read while row `i` is written: checked apart (i != k) on entry.
        for i in range(k + 1, n):  # jit: compiled
            A[i, k + 1:] -= A[i, k] * A[k, k + 1:]
    return A


def strided(a, b):
    for t in range(30):  # jit: compiled
        a[::2] = b[1::2] + t
        a[1::2] = b[-3::-2] * 0.5
    return a


def broadcast(m, row, col):
    for t in range(20):  # jit: compiled
        m[:, :] = row[None, :] + col[:, None] * t
        m[1:3] *= 2
    return m


def fills(a):
    for t in range(25):  # jit: compiled
        a[:] = 0.0
        a[t % 5 :: 5] = t
        a[-3:] = -1
    return a


def int_arrays(a, b):
    for t in range(40):  # jit: compiled
        a[:] = b * 3 + t
        a //= 2
        b[1:] = a[1:] % 7
    return a, b


def compare(a, b, flags):
    for t in range(30):  # jit: compiled
        flags[:] = a > b * t
    return flags


def mismatch(a, b):
    # The shapes differ at t == 25: numpy raises there, after the stores before it.
    try:
        for t in range(30):  # jit: compiled, deopts
            a[: 20 - (t >= 25)] = b[:20] + t
    except ValueError as e:
        print("ValueError:", e)
    return a


def out_of_bounds(a):
    try:
        for t in range(30):  # jit: compiled, deopts
            a[t, :] = t
    except IndexError as e:
        print("IndexError:", e)
    return a


def shifted(u):
    # numpy computes `u[:-1] * 0.5` into a temporary before storing: so does compiled
    # code, in a buffer of its own.
    for t in range(30):  # jit: compiled
        u[1:] = u[:-1] * 0.5
        u[1:-1] = u[1:-1] + 0.25 * (u[2:] - 2.0 * u[1:-1] + u[:-2])
    return u


def warns(a, b):
    # A division by zero at t == 27: numpy warns once, from the statement.
    for t in range(40):  # jit: compiled, deopts
        a[:] = b / (t - 27)
    return a


def reads_own_scalar(m, q):
    # `m[1, 0]` is read once, before the stores, as numpy reads it; the division by
    # zero at t == 20 hands the statement back before any store (the differential
    # tester found the interpreter re-reading it after half the stores).
    for t in range(30):  # jit: compiled, deopts
        m[1:3, :4] = m[1, 0] / (q - (t == 20) * q[1:2])
    return m


def overflows_float32(p, r):
    # The values are float64 (np.tanh(2) is a numpy float64) and finite, but storing
    # them overflows float32 at some step: that must happen before any store of the
    # step, or the interpreter's second run multiplies the stored ones again (the
    # differential tester found it); such a statement goes through a temporary.
    for t in range(60):  # jit: compiled, deopts
        p[3:7] *= np.tanh(2) * abs(r[-11:15:3]) * 40.0
    return p


def casting(a):
    # numpy refuses to store a float result into an int array in place.
    try:
        for t in range(30):
            a += 0.5
    except Exception as e:
        print(type(e).__name__, e)
    return a


print(heat(np.sin(np.linspace(0.0, 3.0, 50)), 0.25, 200)[:6])
w0, w1, w2 = np.zeros(30), np.sin(np.linspace(0, 3, 30)), np.zeros(30)
w = wave(w0, w1, w2, 100)
print(w[0][:4], w[1][:4], w[2][:4], w[3], w[0] is w0, w[1] is w1, w[2] is w2)
x, v = particles(np.linspace(-1.0, 1.0, 64), np.zeros(64), 0.01, 4.0, 300)
print(x[:4], v[:4], float(x.sum()), float(v.sum()))
print(rows(np.zeros((30, 5)), np.arange(150.0).reshape(30, 5), np.linspace(1.0, 2.0, 5)))
print(rows_of_matrix(np.zeros((27, 3)), np.arange(81.0).reshape(27, 3)))
n = 26
spd = np.fromfunction(lambda i, j: 1.0 / (1.0 + abs(i - j)), (n, n)) + n * np.eye(n)
print(lu(spd)[::5, ::5])
print(strided(np.zeros(21), np.arange(22.0)))
print(broadcast(np.zeros((4, 6)), np.arange(6.0), np.arange(4.0)))
print(fills(np.ones(17)))
print(int_arrays(np.zeros(12, dtype=np.int64), np.arange(12, dtype=np.int64)))
print(int_arrays(np.zeros(9, dtype=np.int32), np.arange(9, dtype=np.int32)))
print(compare(np.linspace(0.0, 5.0, 8), np.linspace(0.1, 0.2, 8), np.zeros(8, dtype=bool)))
print(mismatch(np.zeros(20), np.arange(25.0)))
print(out_of_bounds(np.zeros((25, 3))))
print(shifted(np.arange(8.0)))
print(warns(np.zeros(5), np.arange(5.0)))
with np.errstate(divide="ignore"):
    print(reads_own_scalar(np.arange(1.0, 13.0).reshape(3, 4), np.array([2.0, 1.0, 1.0, 0.5])))
with np.errstate(over="ignore"):
    print(overflows_float32(np.arange(16, dtype=np.float32) % 5 - 2, np.full(16, 1.5, np.float32)))
print(casting(np.arange(4)))
f32 = np.linspace(0.0, 1.0, 9).astype(np.float32)
print(particles(f32.copy(), np.zeros(9, dtype=np.float32), 0.1, 2.0, 60))
