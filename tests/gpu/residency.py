# Device copies kept between entries and nests (`backend::gpu::resident`): an array
# the device holds unchanged is not copied in again, and every way the host can
# write an array in between makes the next entry copy it again. Each write below is
# followed by a run whose printed sum would be stale were the copy kept.
#
# `kept(N)`: N bytes were not copied in because the device held them. n = 1000
# float64 is 8000 bytes; a loop's first entry starts at iteration 19 (after the
# back-edges that made it hot), so its footprint is 981 elements, and the next
# entry's whole array is a new copy.
import numpy as np
from numba import njit


def scale(x, y, k):
    # x: copied in once, then kept while nothing writes it; y: written only.
    # Kept: entry 3 of x, the entry after `nothing`, and entry 2 of x4 in each of
    # the three rounds at the end (5 x 8000).
    for i in range(x.shape[0]):  # gpu: sim kept(40000)
        y[i] = k * x[i]


n = 1000
x = np.arange(float(n))
y = np.zeros(n)
for k in (2.0, 3.0, 4.0):
    scale(x, y, k)
    print(y.sum())

x[5] = 100.0
scale(x, y, 1.0)
print("an element stored", y.sum())
x += 1
scale(x, y, 1.0)
print("an in-place operation", y.sum())
v = x[10:20]
v[3] = -5.0
scale(x, y, 1.0)
print("a view's element", y.sum())
x[:] = np.ones(n)
scale(x, y, 1.0)
print("a slice assigned", y.sum())
m = memoryview(x)
m[7] = 9.0
scale(x, y, 1.0)
print("a memoryview", y.sum())
np.multiply(x, 2.0, out=x)
scale(x, y, 1.0)
print("a ufunc's out=", y.sum())
x.fill(0.5)
scale(x, y, 1.0)
print("fill", y.sum())


def smooth(x):
    # Not parallel: compiled for the CPU, whose stores are told when it returns.
    for i in range(1, x.shape[0]):  # gpu: refused(may meet)
        x[i] = x[i - 1] * 0.5 + x[i]


smooth(np.ones(n))  # compiled on this call, after its first iterations
smooth(x)
scale(x, y, 1.0)
print("compiled code", y.sum())
scale(x, y, 1.0)
print("nothing", y.sum())


def bump(a, i):
    a[i] += 1.0


def bump_all(x):
    # Stores through an inlined call's parameter: the argument is what is written.
    for i in range(x.shape[0]):  # gpu: refused(inlined)
        bump(x, i)


bump_all(np.ones(n))
bump_all(x)
scale(x, y, 1.0)
print("compiled code, through a call", y.sum())


def double(x, z):
    for i in range(x.shape[0]):  # gpu: sim kept(8000)
        z[i] = 2.0 * x[i]


def plus_one(z, w):
    # z comes from double's run on the device: its copy there is what came back,
    # so it is never copied in (981 + 8000 + 8000 elements' bytes kept).
    for i in range(z.shape[0]):  # gpu: sim kept(23848)
        w[i] = z[i] + 1.0


x2 = np.linspace(0.0, 1.0, n)
z = np.zeros(n)
w = np.zeros(n)
for rep in range(3):
    double(x2, z)
    plus_one(z, w)
    print("across nests", w.sum())

# Memory kiln cannot watch (a bytearray under np.frombuffer) is never kept.
raw = bytearray(8 * n)
xb = np.frombuffer(raw, dtype=np.float64)
for rep in range(3):
    raw[8 * rep : 8 * rep + 8] = np.array([float(rep + 7)]).tobytes()
    plus_one(xb, w)
    print("a bytearray's buffer", w.sum())


@njit
def step(x, y):
    # Its loops run while the function's compiled code does, which tells its stores
    # only when it returns: they neither use nor keep copies.
    n = x.shape[0]
    for i in range(n):  # gpu: sim kept(0)
        y[i] = x[i] * 2.0
    for i in range(1, n):
        x[i] = x[i - 1] * 0.5 + y[i] * 1e-3
    for i in range(n):  # gpu: sim kept(0)
        y[i] = y[i] + x[i]
    return x[n - 1]


x4 = np.linspace(0.0, 1.0, n)
y4 = np.zeros(n)
for rep in range(3):
    scale(x4, y4, 1.0)
    print("after the function", y4.sum())
    scale(x4, y4, 1.0)
    r = step(x4, y4)
    print("a function compiled whole", r, y4.sum())
