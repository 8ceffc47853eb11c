import math
import random
from random import random as draw
import signal
import warnings
import numpy as np
from numpy import exp, sqrt as np_sqrt
from numba import njit, float64, int64
from numba.experimental import jitclass

DTYPES = [np.float64, np.int64, np.int32, np.float32, np.int8, np.uint8, np.int16, np.bool_,
          np.uint16, np.uint32, np.uint64]

# Called from the loops and inlined into them: each stores into an array, then does
# something that can fail (an overflow, a zero divisor) and hand the statement back.
def bump(c, i, v):
    c[i % len(c)] += 1
    return v * 1000003 * 1000003

def side(c, i, v):
    c[-1 - i % len(c)] = i + 1
    return (v + 1) // (i - 11)

# Several returns (inlined as branches), a store only on the paths past the first.
def pick(c, i, v):
    if v > 1:
        return v - 1
    c[i % len(c)] += 1
    if i % 3 == 0:
        return v * 2
    return -v

# Loops of its own (inlined whole): returns from inside them, `break`, a `while`.
def scan(c, i, v):
    t = v
    for j in range(len(c)):
        if c[j] > v:
            return t + j
        t = t * 2 - c[(i + j) % len(c)]
        if j > 5:
            break
    k = 0
    while k < 3:
        t = t + k
        k += 1
    return t

# A generator of the program's own, beside the module's (`rng.random()`).
rng = random.Random(0)

# Lists of numbers the loops read (`LF[i % 7]`, `len(LI)`).
LF = [0.5, -1.25, 3.0, 2.0, -0.75, 4.5, 0.1]
LI = [3, -7, 11, 0, 5, -2]
LG = [[0.0]]
LB = [True, False, False, True, True, False, True]
LM = [0.25, 1.5, -2.0, 3.0, 0.5]

# A tuple the loops unpack (`x, y = pair(a, i, v)`), reading a module constant.
STEP = 3

def pair(c, i, v):
    c[i % len(c)] -= 1
    if v > STEP:
        return v - i, v * STEP
    return i * 1000003 * 1000003 * 1000003, -v

# A `@jitclass` whose methods the loops call (`tally.push(e)`): spliced into them.
@jitclass([("n", int64), ("acc", float64)])
class Tally:
    def __init__(self):
        self.n = 0
        self.acc = 0.0

    def push(self, v):
        self.n += 1
        self.acc += v
        self.note(v)

    def note(self, v):
        if v > 2:
            self.n += 2
        self.acc = self.acc * 0.5 + 1.0 / (v - 3)

tally = Tally()

# A plain class whose methods the loops call in expressions: inlined into them.
class Pt:
    def __init__(self):
        self.m = 1.5
        self.v = -2

    def energy(self):
        return self.m * self.v * self.v

    def scaled(self, x):
        if x > self.m:
            return x * self.v
        return self.lift(x) - self.m

    def lift(self, x):
        return x + self.v

pt = Pt()

# Attributes the loops read (`cfg.k`, `cfg.w`, `cfg.arr`), set anew for each call.
class Config:
    pass

cfg = Config()
al = cfg

ticks = [0]

def on_alarm(signum, frame):
    ticks[0] += 1

def arrays(call, k):
    n = 12 + (k + call) % 9
    dt = DTYPES[(k + call * 3) % len(DTYPES)]
    base = (np.arange(3 * n) * 7 % 11 - 4).astype(dt)
    shape = [base[:n], base[::3], base[::-2][:n]][(k + call) % 3]
    a = shape.copy() if call == 1 else shape
    b = a[1:] if call != 2 else a[::-1]
    m = (np.arange(30.0) % 7 - 2).reshape(5, 6)
    if call == 2:
        m = m.T.astype(np.int32)
    return a, b, m, n

def show(v):
    if isinstance(v, np.ndarray):
        return repr(v.tolist())
    return repr(v)

def run(k, f):
    for call, (x, y) in enumerate([(1.5, 2), (-3, 0.1), (np.float64(0.5), np.int32(3))]):
        a, b, m, n = arrays(call, k)
        cfg.k, cfg.w, cfg.arr = 3 - 2 * call, [0.25, np.float64(-1.5), 7][call], b
        cfg.acc = [0, 0.5, np.float64(-2.0)][call]
        global al, tally, pt, LG
        LB[3] = 1 if call == 2 else True
        LM[2] = [-2.0, 4, "s"][call]
        LG = ([[0.5 * (i - j) for j in range(4)] for i in range(3)] if call != 1
              else [[0.5, -1.5, 2.0, 4.0]] * 3)
        if call == 2:
            LG[1][2] = 3
        LI[:] = [3, -7, 11 + k, 0, 5, -2 * call]
        tally = Tally()
        random.seed(3 * k + call)
        rng.seed(k - call)
        pt = Pt()
        pt.v = [-2, 0.5, np.float64(3.0)][call]
        al = [cfg, Config(), cfg][call]
        if al is not cfg:
            al.acc = 1
        # Some runs take signals while their loops run; the handler changes nothing
        # the program prints.
        alarm = k % 8 == 5
        if alarm:
            signal.signal(signal.SIGALRM, on_alarm)
            signal.setitimer(signal.ITIMER_REAL, 0.0002, 0.0002)
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            try:
                r = f(a, b, m, n, x, y)
                print(k, call, "->", " ".join(show(v) for v in r), show(a), show(m),
                      show(cfg.acc), show(al.acc), show(tally.n), show(tally.acc), show(pt.m),
                      show(LG), random.random(), rng.random(), LI)
            except Exception as e:
                print(k, call, type(e).__name__, e, show(a), show(cfg.acc), show(al.acc),
                      show(tally.n), show(tally.acc), show(pt.m), show(LG), random.random(),
                      rng.random(), LI)
        if alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
        for w in seen:
            print(k, call, "warning", w.category.__name__, w.message, w.lineno)


def run_float(k, f, exact):
    n = [5, 6, 17, 40, 41][k % 5]
    bad = [0.0, -4.0, np.inf, np.nan, 1e308][k % 5]
    dt = np.float32 if k % 3 == 1 else np.float64
    for call in range(3):
        if exact:
            # Quarters of small size: sums of the kernel's terms are exact in any order.
            p = (np.arange(n) % 9 - [4, 2, 6][call]) * 0.25
            q = (np.arange(n) * [3, 5, 7][call] % 13 - 6) * 0.5
            r = np.full(n, [7.0, 0.25, -0.75][call])
            x = [1.5, 0.25, -0.75][call]
        else:
            with np.errstate(over="ignore"):
                p = np.linspace([0.5, -2.0, 1e200][(k + call) % 3], 2.0, n).astype(dt)
            q = np.linspace(-1.0, [3.0, 0.0, -1e-3][(k + call) % 3], n).astype(dt)
            r = np.full(n, [7.0, 0.1, -0.3][call], dtype=dt)
            x = [1.5, 0.1, -0.3][call]
        if call == 2:
            q[n // 2] = bad
        try:
            res = f(p, q, r, x, n)
            print(k, call, "->", " ".join(show(v) for v in res), show(r))
        except Exception as e:
            print(k, call, type(e).__name__, e, show(r))


# A harness object whose methods name its list before using it (`v = self.vals`):
# inlined, the name is the list itself; `either` may bind another list (interpreted).
class Hist:
    def __init__(self, vals):
        self.vals = vals
        self.other = [0.25, -1.5, 2.0]
        self.n = len(vals)

    def at(self, i):
        v = self.vals
        return v[i % self.n] * 2.0 + v[-1]

    def either(self, i):
        v = self.vals
        if i % 2 == 0:
            v = self.other
        return v[i % 3]

HIST = Hist([0.5, -1.25, 3.0, 2.0, -0.75, 4.5, 0.1])
