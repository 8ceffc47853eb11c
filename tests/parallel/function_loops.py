# Loops inside functions compiled whole (`@njit`): the function is one call, so
# tier 2 splits the loops in its body instead (a loop of the body, or one inside a
# time loop that must stay serial). Each runs on several threads where its
# iterations are independent, gives the interpreter's bits for every thread count,
# and says why where it stays serial. Marks are on the loops' own lines.
import numpy as np
from numba import njit


@njit
def conv_valid(x, h):
    n, m = x.shape[0], h.shape[0]
    out = np.zeros(n - m + 1)
    for i in range(n - m + 1):  # tier2: parallel
        s = 0.0
        for k in range(m):
            s += h[m - 1 - k] * x[i + k]
        out[i] = s
    return out


@njit
def advance(pos, vel, steps, dt):
    n = pos.shape[0]
    acc = np.zeros(n)
    drift = 0.0
    for t in range(steps):  # tier2: serial(`drift` is read)
        for i in range(n):  # tier2: parallel
            a = 0.0
            for j in range(n):
                a += np.tanh(pos[j] - pos[i])
            acc[i] = a / n
        for i in range(n):
            vel[i] += dt * acc[i]
            pos[i] += dt * vel[i]
        drift = drift * 0.5 + acc[0]
    return pos, drift


@njit
def running_sum(x):
    out = np.empty_like(x)
    out[0] = x[0]
    for i in range(1, x.shape[0]):  # tier2: serial(may meet)
        out[i] = out[i - 1] + x[i]
    return out


@njit
def scaled_last(x, c):
    out = np.zeros(x.shape[0])
    last = -1.0
    for i in range(x.shape[0]):  # tier2: parallel
        last = x[i] * c
        out[i] = last
    return out, last


@njit
def inverses(x):
    out = np.zeros(x.shape[0])
    for i in range(x.shape[0]):  # tier2: undone
        out[i] = 1.0 / x[i]
    return out


@njit
def row_norms(a):
    n = a.shape[0]
    out = np.zeros(n)
    for i in range(n):  # tier2: parallel
        acc = 0.0
        for j in range(a.shape[1]):
            acc += a[i, j] * a[i, j]
        out[i] = np.sqrt(acc)
    total = 0.0
    for i in range(n):
        total += out[i]
    return out, total


@njit
def forces(pos, mass, eps):
    # nbody's force loop: the `continue` skips the body's self-interaction, and the
    # temporaries assigned after it are the iteration's own.
    n = pos.shape[0]
    acc = np.zeros_like(pos)
    for i in range(n):  # tier2: parallel
        for j in range(n):
            if i == j:
                continue
            dx = pos[j, 0] - pos[i, 0]
            dy = pos[j, 1] - pos[i, 1]
            r2 = dx * dx + dy * dy + eps
            inv = mass[j] / (r2 * np.sqrt(r2))
            acc[i, 0] += dx * inv
            acc[i, 1] += dy * inv
    return acc


@njit
def last_kept(a, out):
    # `d` holds the last row element that was not skipped; an iteration whose row
    # skips its last element reads the previous row's: serial.
    h, w = a.shape
    for i in range(h):  # tier2: serial(`d` is read)
        for j in range(w):
            if a[i, j] < 0.0:
                continue
            d = a[i, j]
        out[i] = d
    return out


@njit(fastmath=True)
def weighted_drift(q, n):
    # A reduction and no store: where a late iteration overflows (numpy warns, the
    # chunk hands back), the chunks before it had run; the function's own copy runs
    # the loop again from its start, from the values it had, not theirs.
    s = q[0] * 0
    for k in range(1, n - 1):  # tier2: parallel
        s -= 0.5
        w = -((n - k) * q[k - 1])
    return s, w


def main():
    q = (np.arange(41) * 7 % 13 - 6) * 0.5
    for rep in range(30):
        s, w = weighted_drift(q, 41)
    q[20] = 1e308
    print(weighted_drift(q, 41), s, w)

    x = np.sin(np.arange(3000) * 0.37) + 0.01 * np.arange(3000)
    h = np.array([1.0, 4.0, 6.0, 4.0, 1.0]) / 16.0
    for rep in range(30):
        z = conv_valid(x, h)
    print(z[:4], z[-3:], float(z.sum()))

    pos = np.cos(np.arange(120) * 0.7)
    vel = np.zeros(120)
    for rounds in range(6):
        pos, drift = advance(pos, vel, 10, 0.01)
    print(pos[:4], float(vel.sum()), drift)

    for rep in range(30):
        r = running_sum(x)
    print(r[-3:])

    for rep in range(30):
        out, last = scaled_last(x, 1.5)
    print(out[:3], last)

    y = x + 3.0
    for rep in range(30):
        q = inverses(y)
    y[2500] = 0.0
    q = inverses(y)
    print(q[2499:2502])

    p = np.stack([np.cos(np.arange(90) * 0.3), np.sin(np.arange(90) * 0.7)], axis=1)
    m = 1.0 + 0.01 * np.arange(90)
    for rep in range(10):
        f = forces(p, m, 0.01)
    print(f[:2], float(f.sum()))

    g = np.cos(np.arange(300 * 9).reshape(300, 9) * 0.9)
    o = np.zeros(300)
    for rep in range(10):
        last_kept(g, o)
    print(o[:4], float(o.sum()))

    a = np.cos(np.arange(600 * 7).reshape(600, 7) * 0.11)
    for rep in range(30):
        norms, total = row_norms(a)
    print(norms[:3], total)


main()
