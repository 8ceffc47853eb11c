# An array statement whose scalar operand is a call that reads the array the
# statement before it writes, through its parameter (`first_pos(u)` reads `u`): the
# call must see that statement's stores, so the two are not fused with the call moved
# ahead of them.
import numpy as np


def first_pos(a):
    for k in range(a.shape[0]):
        if a[k] > 0.0:
            return a[k]
    return 1.0


def run(u, v, w, steps):
    for t in range(steps):  # jit: compiled
        u[:] = v * (t + 1.0)
        w[:] = v / first_pos(u)


for steps in (3, 5, 40):
    u = np.zeros(8)
    v = np.arange(1.0, 9.0)
    w = np.zeros(8)
    run(u, v, w, steps)
    print(steps, w.tolist(), u.sum())
