# Private scalars, branches and inner loops inside a GPU thread; the values the last
# iteration leaves are the loop's, with their Python types.
import math

import numpy as np


def last_values(a, out):
    for i in range(a.shape[0]):  # gpu: sim
        t = a[i] * 2.0
        u = 0.0
        u += t
        flag = t > 3.0
        out[i] = t + u
    return t, u, flag, i


def branches(a, out):
    for i in range(a.shape[0]):  # gpu: sim
        x = a[i]
        if x > 0.5:
            y = math.sqrt(x) - 1.0
        elif x < -0.5:
            y = -x * 2.0
        else:
            y = abs(x) + min(x, 0.25) + max(i, 3)
        out[i] = y if i % 2 == 0 else -y


def inner_while(seeds, steps):
    # A Collatz count per element: a while loop with a break in the thread.
    for i in range(seeds.shape[0]):  # gpu: sim
        v = seeds[i]
        count = 0
        while v != 1:
            if v % 2 == 0:
                v = v // 2
            else:
                v = 3 * v + 1
            count += 1
            if count > 500:
                break
        steps[i] = count


def floors(xs, out):
    for i in range(xs.shape[0]):  # gpu: sim
        q = xs[i] // -3
        r = xs[i] % -3
        out[i] = q * 10 + r + int(xs[i] * 0.5)


a = np.linspace(-1.0, 2.0, 64)
for rep in range(3):
    out = np.zeros(64)
    r = last_values(a, out)
    print(r, [type(v).__name__ for v in r], out.sum())

for rep in range(3):
    out = np.zeros(64)
    branches(a, out)
    print(out.sum(), out[:4])

seeds = np.arange(1, 200, dtype=np.int64)
for rep in range(3):
    steps = np.zeros(199, dtype=np.int64)
    inner_while(seeds, steps)
    print(steps.sum(), steps.max(), steps[:10])

xs = np.arange(-40, 40, dtype=np.int64)
for rep in range(3):
    out = np.zeros(80, dtype=np.int64)
    floors(xs, out)
    print(out.sum(), out[:6])

# At module level, not in a function.
b = np.zeros(300)
c = np.arange(300.0)
for i in range(300):  # gpu: sim
    b[i] = c[i] * c[i] - 3.0 * c[i]
print(b.sum(), i)
