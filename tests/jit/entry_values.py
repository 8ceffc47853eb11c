# What a loop nest assigns before it reads it is no part of its specialisation: a
# function whose first call gets hot in the middle of its loop (on-stack entry, with
# the inner loop's variable and the temporaries bound by earlier iterations) enters the
# same compiled code on later calls, where they are unbound or hold something else.
import numpy as np

def scale_rows(c, alpha):
    n = c.shape[0]
    for i in range(n):  # jit: compiled, once
        for j in range(c.shape[1]):
            t = c[i, j] * alpha
            c[i, j] = t + 1.0
    return c

c = np.ones((40, 30))
for _ in range(4):
    scale_rows(c, 0.5)
print(c.sum(), c[0, 0], c[-1, -1])


def keep_entry_values(a, m):
    j = "before"
    t = None
    for i in range(a.shape[0]):  # jit: compiled, once
        for j in range(m):
            t = a[i] * 2.0
            a[i] = t - j
    return j, t, i

print(keep_entry_values(np.arange(300.0), 3))
# No inner iteration: `j` and `t` keep what they held before the nest.
print(keep_entry_values(np.arange(300.0), 0))


def read_after_inner_loop(a, m):
    # `j` is read after an inner loop that may run no iteration: its entry value is
    # read then, so it stays part of the key (an int here, a str below).
    j = 0
    for i in range(a.shape[0]):  # jit: compiled
        for j in range(m):
            a[i] += 1.0
        a[i] += j
    return a.sum(), j

print(read_after_inner_loop(np.zeros(400), 2))
print(read_after_inner_loop(np.zeros(400), 0))


def maybe_assigned(a):
    # `t` is assigned on one branch only: a read after the `if` may see the entry value.
    t = -1.0
    total = 0.0
    for i in range(a.shape[0]):  # jit: compiled
        if a[i] > 0.5:
            t = a[i]
        total += t
    return total, t

print(maybe_assigned(np.linspace(0.0, 1.0, 500)))
print(maybe_assigned(np.zeros(300)))


def unbound_then_bound(n):
    # `s` is carried from one iteration to the next: on-stack entry keys it as an int,
    # a fresh call as unbound.
    for i in range(n):  # jit: compiled
        if i > 0:
            s = s + i
        else:
            s = 0
    return s

print(unbound_then_bound(1000), unbound_then_bound(1))
try:
    unbound_then_bound(0)
except UnboundLocalError as e:
    print("UnboundLocalError:", e)
