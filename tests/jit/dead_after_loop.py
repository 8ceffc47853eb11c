# A loop in a function writes back only what the function may read after it (or after
# the statement a hand-back resumes at): the inner loops' counters and temporaries
# that nothing reads later stay unwritten (vm/src/sites/reads_after.rs). Whatever is
# read must still be the interpreter's value, through hand-backs in the middle of the
# nest, `del`, `else`, closures, `locals()` and globals.
import numpy as np
from numba import njit


def conv(image, filt, out):
    # Nothing reads c, u, v or acc after the loop; a NaN in the image hands back
    # (numpy's warning at the first product that makes one) in the middle of a row.
    m = filt.shape[0]
    for r in range(out.shape[0]):  # jit: compiled, sumnest, deopts
        for c in range(out.shape[1]):
            acc = 0.0
            for u in range(m):
                for v in range(m):
                    acc += image[r + u, c + v] * filt[m - 1 - u, m - 1 - v] * 1e300
            out[r, c] = acc
    return out


def last_values(a):
    # Every counter and temporary read after the loop, with the values of its last
    # iteration (and `k` of an inner loop that never ran on the last row).
    n = a.shape[0]
    for i in range(n):  # jit: compiled
        t = 0.0
        for k in range(i % 3):
            t += a[i, k]
        s = t * 2.0
    return i, k, t, s


def deleted(a):
    # `del` needs the name bound: the loop's last `x` must be there.
    for i in range(a.shape[0]):  # jit: compiled
        for j in range(a.shape[1]):
            x = a[i, j] + 1.0
            a[i, j] = x
    del x
    return a.sum()


def with_else(a):
    total = 0.0
    for i in range(a.shape[0]):  # jit: compiled
        for j in range(a.shape[1]):
            w = a[i, j]
            total += w
    else:
        total += w
    return total


def closure_after(a):
    for i in range(a.shape[0]):  # jit: compiled
        for j in range(a.shape[1]):
            y = a[i, j] * 3.0

    def peek():
        return y, j

    return peek()


def frame_after(a):
    for i in range(a.shape[0]):  # jit: compiled
        for j in range(a.shape[1]):
            z = a[i, j] - 1.0
    names = locals()
    return sorted((k, v) for k, v in names.items() if k != "a")


def around(a, reps):
    # An enclosing interpreted loop reads what the inner site assigned.
    seen = []
    rep = 0
    while rep < reps:
        for i in range(a.shape[0]):  # jit: compiled
            q = a[i, 0] + rep
        seen.append(q)
        rep += 1
    return seen


@njit
def scale(a, k, unused):
    for i in range(a.shape[0]):
        a[i] = a[i] * k


def run_scale(a, steps, k):
    # The call is spliced; `step` is read by no statement of the nest (the callee never
    # uses its parameter), but the hand-back at the overflow runs the call again, which
    # evaluates it: in a second call, which enters compiled code before the interpreter
    # ever bound `step`, it must have been written back.
    for step in range(steps):  # jit: compiled, deopts
        scale(a, k, step)
    return a[:3]


class Body:
    def __init__(self, x, v):
        self.x = x
        self.v = v

    def flip(self):
        if self.x > 0.0:
            self.x = -self.x
        else:
            self.v = self.v * 0.5


def flips(ps, steps):
    # The compiled loop reads the objects' attributes as columns, not `p`; but a
    # hand-back at `p.flip()` (an int `x` on one object) runs the call again, which
    # reads `p`: it is written back (from its index) though nothing after reads it.
    s = 0.0
    for step in range(steps):  # jit: compiled, deopts
        for i, p in enumerate(ps):
            p.flip()
        for q in ps:
            s += q.v
    return s


def ratios(ps):
    # `p` is read only through its attributes (`p.n`, `p.x`): reading them, the
    # interpreter reads `p`, so a hand-back at the division by zero keeps it.
    t = 0.0
    for i, p in enumerate(ps):  # jit: compiled, deopts
        t = t + (p.v / p.x) * p.v
    return t


counter = 0


def outer_name(a):
    global counter
    for i in range(a.shape[0]):  # jit: compiled
        for j in range(a.shape[1]):
            counter = counter + 1
    return counter


img = (np.arange(30 * 30).reshape(30, 30) % 7) / 7.0
f = np.arange(9).reshape(3, 3) / 9.0 - 0.4
print(conv(img, f, np.zeros((28, 28))).sum())
bad = img.copy()
bad[12, 5] = 1e10
print(conv(bad, f, np.zeros((28, 28)))[10:13, 2:7])
a = np.arange(40 * 6, dtype=np.float64).reshape(40, 6) / 10.0
print(last_values(a))
print(deleted(a.copy()))
print(with_else(a))
print(closure_after(a))
print(frame_after(a))
print(around(a, 3))
print(outer_name(a), counter)
bodies = [Body(0.25 * (k % 5) - 0.5, 1.0 + k) for k in range(30)]
print(flips(bodies, 8))
bodies = [Body(0.25 * (k % 5) - 0.5, 1.0 + k) for k in range(30)]
bodies[7].x = 3
print(flips(bodies, 8), [(b.x, b.v) for b in bodies[5:9]])
bodies = [Body(0.5 + k, 1.0 + k) for k in range(30)]
print(ratios(bodies))
bodies[21].x = 0.0
try:
    print(ratios(bodies))
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)
print(run_scale(np.ones(50), 40, 1.5))
print(run_scale(np.ones(50), 40, 1e10))
