# expected-from: kiln
# kiln's own `numba`: decorators return the function, options are checked as numba
# checks them, vectorize/guvectorize/stencil keep numba's semantics, and what kiln
# cannot provide says so by name.
import numba
import numpy as np
from numba import njit, jit, prange, vectorize, guvectorize, stencil, types, float64, int64
from numba.typed import List, Dict
from numba.experimental import jitclass
from numba.core.errors import NumbaDeprecationWarning


def plain(x):
    return x + 1


for deco in (njit, njit(), jit(nopython=True, fastmath=True), njit(cache=True, nogil=True),
             njit("float64(float64)"), njit(float64(float64)), njit(["f8(f8)", "i8(i8)"]),
             numba.njit(parallel=True, boundscheck=False, error_model="numpy")):
    f = deco(plain)
    print(f is plain, f(1.5), f.py_func is plain)
print(plain.__kiln_numba__["parallel"], plain.signatures)
print(prange is range, list(prange(2, 8, 3)))

for bad in (dict(foo=1), dict(error_model="c"), dict(inline="sometimes")):
    try:
        njit(**bad)
    except (KeyError, ValueError) as e:
        print(type(e).__name__, str(e)[:60])


@vectorize(["int64(int64, int64)", "float64(float64, float64)"])
def add(a, b):
    return a + b


r = add(np.arange(3), 2)
print(r, r.dtype, add(1.5, 2), type(add(1.5, 2)).__name__, add(np.ones((2, 1)), np.arange(3.0)))
print(add.reduce(np.arange(5)), add.accumulate(np.arange(4.0)), add.nin, add.ntypes, add.types)
out = np.zeros(3)
print(add(np.arange(3.0), 1.0, out=out) is out, out)
try:
    add(np.array([1 + 2j]), 1)
except TypeError as e:
    print("TypeError", str(e)[:40])


@vectorize
def halve(x):
    return x / 2


print(halve(np.arange(4)), halve(3))


@guvectorize(["void(float64[:], float64, float64[:])"], "(n),()->(n)")
def shift(x, y, res):
    for i in range(x.shape[0]):
        res[i] = x[i] + y


@guvectorize(["void(float64[:], float64[:])"], "(n)->()")
def total(x, res):
    acc = 0.0
    for v in x:
        acc += v
    res[0] = acc


print(shift(np.arange(6.0).reshape(2, 3), np.array([10.0, 20.0])), total(np.arange(6.0).reshape(2, 3)))


@stencil
def smooth(a):
    return 0.25 * (a[0, 1] + a[1, 0] + a[0, -1] + a[-1, 0])


print(smooth(np.arange(16.0).reshape(4, 4)))


@stencil(neighborhood=((-1, 1),))
def mean3(a):
    return (a[-1] + a[0] + a[1]) / 3


print(mean3(np.arange(5.0)))

print(numba.typeof(1.0), numba.typeof(np.zeros((2, 3))), numba.typeof(np.zeros((2, 3))[:, ::2]),
      numba.typeof((1, 2)), numba.typeof(1j))
print(repr(float64[:, ::1]), types.int64[:], float64(float64[:], int64), types.UniTuple(float64, 2))
lst = List([1.0, 2.0])
lst.append(3.0)
d = Dict.empty(key_type=types.int64, value_type=types.float64)
d[3] = 1.5
print(lst, len(List.empty_list(types.float64)), d)


@jitclass([("x", float64), ("n", int64)])
class Acc:
    def __init__(self, x):
        self.x = x
        self.n = 0


a = Acc(2.0)
print(type(a).__name__, a.x, a.n)
print(numba.get_num_threads() == numba.config.NUMBA_NUM_THREADS, numba.threading_layer())
numba.set_num_threads(1)
print(numba.get_num_threads(), issubclass(NumbaDeprecationWarning, DeprecationWarning))
try:
    numba.set_num_threads(0)
except ValueError as e:
    print("ValueError", str(e).startswith("The number of threads must be between 1 and "))
from numba import cuda

print(cuda.is_available())
for feature in (lambda: cuda.jit(lambda: None), lambda: numba.cfunc("f8(f8)")(plain)):
    try:
        feature()
    except NotImplementedError as e:
        print("NotImplementedError", e)
