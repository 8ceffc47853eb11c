# Functions decorated for Numba's JIT are compiled whole (issue 17): the body is a site
# of its own on the `def` line, loops or not, its array statements scalarised and fused,
# its `return`s ending the compiled code with the value (a number, a new array, a
# tuple). A hand-back in the middle (an int overflowing) resumes the interpreter at
# that statement of the function; the docstring stays the function's; another set of
# argument types gets another specialisation.
import numba
import numpy as np
from numba import jit, njit


@njit
def axpy(a, x, y):  # jit: compiled, vectorised
    """a x + y, as a new array."""
    return a * x + y


@njit(cache=True)
def relax(u, v):  # jit: compiled
    v[1:-1] = 0.5 * (u[2:] + u[:-2])
    v[0] = u[0]
    v[-1] = u[-1]


@jit(nopython=True)
def lcg(state):  # jit: compiled
    state = (1103515245 * state + 12345) % 2147483648
    return state, state / 2147483648


@numba.njit
def norm_and_argmax(a):  # jit: compiled
    best = 0
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i] * a[i]
        if a[i] > a[best]:
            best = i
    return s**0.5, best


@njit
def grow(k, m):  # jit: compiled, deopts
    t = k
    t = t * m
    t = t * m
    return t - 1


@njit
def sign(x):  # jit: compiled
    if x > 0:
        return 1
    if x < 0:
        return -1
    return 0


x = np.linspace(0.0, 1.0, 9)
y = np.zeros(9)
for k in range(30):
    y = axpy(0.5, x, y)
print(y, axpy.__doc__)
u = np.arange(12.0) ** 2
v = np.zeros(12)
for k in range(25):
    relax(u, v)
    u, v = v, u
print(u)
state, draws = 7, []
for k in range(40):
    state, r = lcg(state)
    draws.append(r)
print(state, draws[-3:])
for n in range(5, 30):
    s, b = norm_and_argmax(np.sin(np.arange(float(n))))
print(s, b, norm_and_argmax(np.arange(4)))
print([grow(k, 3) for k in range(25)][-3:], grow(2, 2**40), grow(3.0, 0.5))
print([sign(t) for t in (-2, 0, 3, -0.5, 0.0, 7.25) * 5])
