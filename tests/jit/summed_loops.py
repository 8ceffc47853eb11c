# Short innermost loops that only sum (`acc += x[r + u] * h[u]`, conv2d's and
# fbcorr's inner loops): they run with no value tested and test the sum once after
# the loop; where it is not finite the loop runs again in the copy that tests every
# value. Each case must give exactly what the interpreter gives: the warning at the
# iteration numpy gives it, once, and the sums' values and types.
import numpy as np


def conv(x, h, out):
    m = h.shape[0]
    for r in range(out.shape[0]):  # jit: compiled, summed, deopts
        acc = 0.0
        for u in range(m):
            acc += x[r + u] * h[m - 1 - u]
        out[r] = acc
    return out


x = (np.arange(40) % 7) / 7.0 - 0.25
h = np.array([0.5, -1.25, 2.0, 0.75, 0.125])
print(conv(x, h, np.zeros(36)).sum())

# An overflow in the middle of one entry's sum (the product, then the sum).
big = x.copy()
big[17] = 1e308
print(conv(big, h, np.zeros(36)))
# An inf in the data: no warning (inf times a finite number raises nothing).
inf = x.copy()
inf[5] = np.inf
print(conv(inf, h, np.zeros(36)))
# NaN in the data, and inf - inf (invalid).
nan = x.copy()
nan[9] = np.nan
nan[20] = np.inf
nan[21] = -np.inf
print(conv(nan, np.ones(5), np.zeros(36)))

# A product and a difference carried through the loop; the sum a Python float
# before the first iteration and a numpy float after it.
prod = np.zeros(6)
diff = np.zeros(6)
for i in range(6):  # jit: compiled, summed
    p = 1.0
    d = 0.0
    for k in range(4):
        p *= x[i + 2 * k] + 2.0
    for k in range(3):
        d = d - x[i + 2 * k] * 3.0
    prod[i] = p
    diff[i] = d
print(prod, diff, type(p), type(d))

# A sum that was inf on entry: the checked copy runs it, with its warnings.
s = np.float64(np.inf)
tot = []
for i in range(30):  # jit: compiled, summed
    t = s
    for k in range(3):
        t = t + x[2 * k] * -1e308
    tot.append(float(t))
print(tot[:3])

# float32 sums overflow sooner.
f = (np.arange(20, dtype=np.float32) * np.float32(3e37)).astype(np.float32)
g = np.zeros(8, dtype=np.float32)
for i in range(8):  # jit: compiled, summed, deopts
    a32 = np.float32(0.0)
    for k in range(4):
        a32 += f[i + 2 * k] * 2.0
    g[i] = a32
print(g, g.dtype)
