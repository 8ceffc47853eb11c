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

# Elements as sums: the loop carries `x[i]` in a register and stores it on every
# iteration; where the test after the loop fails, the element is written back as it
# was and the checked copy runs the loop again.


def columns(beta, a, x, y):
    # gemver's second nest: a column walk into one element per row.
    n = a.shape[0]
    for i in range(n):  # jit: compiled, summed, deopts
        for j in range(n):
            x[i] = x[i] + beta * a[j, i] * y[j]
    return x


def rows(alpha, a, w, x):
    for i in range(a.shape[0]):  # jit: compiled, summed, deopts
        for j in range(a.shape[1]):
            w[i] += alpha * a[i, j] * x[j]
    return w


def scaled(a, w):
    # `-=` and `*=`; and the element read again inside the summand.
    for i in range(a.shape[0]):  # jit: compiled, summed, deopts
        for j in range(a.shape[1]):
            w[i, 0] -= a[i, j] * 0.5
        for j in range(a.shape[1]):
            w[i, 1] *= a[i, j] + w[i, 0] * 0.0 + 1.0
    return w


n = 40
m = ((np.arange(n * n).reshape(n, n) * 7) % 13) / 13.0 - 0.3
y = (np.arange(n) % 5) / 5.0
print(columns(1.5, m, np.zeros(n), y).sum())
# An overflow part way down one column (the product, then the sum), and a NaN.
mb = m.copy()
mb[25, 3] = 1e308
mb[30, 9] = np.nan
xb = np.zeros(n)
xb[11] = np.inf  # inf on entry: no warning there, and the column stays inf
print(columns(10.0, mb, xb, y + 1.0))
print(rows(0.5, m, np.ones(n), y).sum())
mr = m.copy()
mr[7, 20] = -1e308
mr[8, 0] = np.inf
mr[8, 1] = np.inf
print(rows(4.0, mr, np.ones(n), np.full(n, -3.0)))
# The element is also read through a view of the same buffer (a column of `m` into
# the row sums of `m` itself): memory holds every stored value.
sq = m.copy()
for i in range(n):  # jit: compiled, summed
    for j in range(n):
        sq[i, 0] = sq[i, 0] + sq[j, 0] * 0.01
print(sq[:, 0].sum())
w2 = np.ones((n, 2))
print(scaled(m, w2).sum(axis=0))
wb = np.ones((n, 2))
print(scaled(m * 1e300, wb)[:5])
# No iteration: the element stays as it was.
print(columns(1.0, np.zeros((0, 0)), np.zeros(0), np.zeros(0)))
