# Arrays made inside hot loops compile (issue 16: `un = u.copy()` in a time loop kept
# PDE scripts interpreted): a copy or an elementwise expression bound to a name is made
# in compiled code's own memory, reused each iteration, and the name is given an
# ndarray of the last one's values when the loop exits (or hands back), so nothing is
# allocated per iteration and the results are the interpreter's.
import numpy as np
def advect(u, c, steps):
    for n in range(steps):  # jit: compiled
        un = u.copy()
        u[1:] = un[1:] - c * (un[1:] - un[:-1])
        u[0] = u[-1]
    return u, un
def lap(u, steps):
    for t in range(steps):  # jit: compiled
        l = u[2:] - 2.0 * u[1:-1] + u[:-2]
        u[1:-1] += 0.1 * l
        s = l[3]
    return u, l, s
def grid(g, steps):
    for t in range(steps):  # jit: compiled
        gn = np.copy(g)
        g[1:-1, 1:-1] = 0.25 * (gn[2:, 1:-1] + gn[:-2, 1:-1] + gn[1:-1, 2:] + gn[1:-1, :-2])
    return g, gn.shape, gn[2, 3]
def unbound_read(u):
    try:
        for t in range(30):
            if t > 25:
                s = w[0]
            w = u * 2
    except NameError as e:
        print("NameError", e)
    return w[:3]
def before(u):
    total = 0.0
    for t in range(40):  # jit: compiled
        if t > 0:
            total += w[1]
        w = u + t
    return total, w[:2]
u0 = np.sin(np.linspace(0, 3, 50))
r = advect(u0.copy(), 0.3, 60); print(r[0][:4], r[1][:4], r[1] is u0)
print(lap(u0.copy(), 60)[0][:4], lap(u0.copy(), 60)[2])
g = np.zeros((8, 9)); g[0] = 1.0
r = grid(g, 50); print(r[0][1:3, 1:5], r[1], r[2])
print(unbound_read(np.arange(5.0)))
print(before(np.arange(5.0)))
