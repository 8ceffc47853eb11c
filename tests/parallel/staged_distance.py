# ALPyNA's staged example: whether `a[i + k] = f(a[i])` carries a dependence depends on
# the value of `k`, known only when the loop runs. With k = 0 every iteration reads and
# writes its own element, and with k at least the trip count the reads and writes never
# meet: parallel. With 0 < k < n, iteration i writes what iteration i + k reads: serial.
# Each entry is decided with its own k.
import numpy as np


def shift(a, k, n):
    for i in range(n):  # tier2: parallel, serial(distance)
        a[i + k] = 0.5 * a[i] + 1.0
    return a


def strided(a, k, n):
    # a[2 * i] against a[2 * i + k]: odd k never meets an even index.
    for i in range(n):  # tier2: parallel, serial(may meet)
        a[2 * i] = a[2 * i + k] * 0.75
    return a


n = 150
# Three calls each, not a loop: a loop calling `shift` would get hot from shift's
# iterations and compile whole, the calls spliced into it, and line 10's site would
# see one entry.
for k in (0, 150, 3, 151, 1):
    a = np.arange(2 * n + 2) * 0.25
    shift(a, k, n)
    shift(a, k, n)
    shift(a, k, n)
    print(k, a[:4], a[n - 2 : n + 4], a.sum())
for k in (1, 3, 2, 5, 4):
    a = np.cos(np.arange(2 * n + 8) * 0.5)
    strided(a, k, n)
    strided(a, k, n)
    strided(a, k, n)
    print(k, a[:3], a.sum())
