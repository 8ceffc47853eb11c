# An element an innermost loop stores into on every iteration, at an address the loop
# does not move, written as `w[i] = w[i] + ...` (gemver, matrix-vector products): the
# loop carries the value it stored in a register instead of reading it back. Each case
# must give exactly what the interpreter gives, also where another array shares the
# element's buffer, the element is read again after the store, the store sits under a
# branch, an inlined call stores into it, or an inf turns up in the middle.
import numpy as np


def matvec_rows(alpha, a, w, x):
    n = a.shape[0]
    for i in range(n):  # jit: compiled
        for j in range(n):
            w[i] = w[i] + alpha * a[i, j] * x[j]
    return w


def matvec_columns(beta, a, x, y):
    n = a.shape[0]
    for i in range(n):  # jit: compiled
        for j in range(n):
            x[i] = x[i] + beta * a[j, i] * y[j]
    return x


n = 24
a = ((np.arange(n * n).reshape(n, n) * 7) % 13) / 13.0 - 0.3
x = (np.arange(n) % 5) / 5.0
print(matvec_rows(1.5, a, np.zeros(n), x).sum())
print(matvec_columns(1.2, a, np.ones(n), x).sum())

# x is w: the loop reads the element it stores through the other name, at j == i.
w = x.copy()
print(matvec_rows(0.5, a, w, w))
w = x.copy()
print(matvec_columns(0.25, a, w, w))
# A view of w shifted by one: w[i] is x[i - 1]'s element.
buf = np.linspace(0.0, 1.0, n + 1)
print(matvec_rows(0.75, a, buf[1:], buf[:-1]), buf[0])

# Read again after the store in the same iteration, and under a branch.
acc = np.zeros(6)
seen = 0.0
for i in range(6):  # jit: compiled
    for k in range(40):
        acc[i] = acc[i] * 0.5 + k
        seen += acc[i]
        if k % 3 == 1:
            acc[i] = acc[i] - 1.0
print(acc, seen)

# float32 elements: the value carried is the float32 that was stored.
f = np.zeros(4, dtype=np.float32)
g = (np.arange(50, dtype=np.float32) / 7.0).astype(np.float32)
for i in range(4):  # jit: compiled
    for k in range(50):
        f[i] = f[i] + g[k] * np.float32(0.1)
print(f, f.dtype)


# An inlined call that stores into the same element: nothing is carried.
def bump(v, k):
    v[k] += 1.0
    return 0.5


h = np.zeros(3)
for i in range(3):  # jit: compiled
    for k in range(30):
        h[i] = h[i] + bump(h, i)
print(h)

# An element that becomes inf in the middle: numpy warns once, at that iteration.
big = np.full(40, 1e307)
total = np.zeros(2)
for r in range(2):  # jit: compiled, deopts
    for k in range(40):
        total[r] = total[r] + big[k]
print(total)

# A loop that runs no iteration stores nothing and raises nothing.
empty = np.zeros(40)
for i in range(40):  # jit: compiled
    for k in range(i, i):
        empty[i] = empty[i] + 1.0
print(empty.sum())

# The element's array made again in the loop (`np.zeros` refills the same buffer each
# iteration): nothing is carried, the load reads the zeros.
def refilled(x):
    for i in range(2):  # jit: compiled
        w = np.zeros(2)
        for j in range(len(x)):
            w = np.zeros(2)
            w[0] = w[0] + x[j]
    return w[0]


print(refilled(np.ones(50)), refilled(np.arange(30.0)))
