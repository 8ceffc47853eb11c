# Functions returning tuples, unpacked in compiled loops (issue 17: `state, x =
# lcg(state)` in Numba-style Monte Carlo kernels), and the module constants inlined
# functions read: the numbers they hold when the loop compiles, guarded like the
# function (rebinding one gives the loop another specialisation). A check failing
# inside the inlined body hands the whole statement back.
import numpy as np

A_LCG = 1103515245
C_LCG = 12345
M = 2147483648


def lcg(state):
    state = (A_LCG * state + C_LCG) % M
    return state, state / M


def folded(a, i):
    if a[i] < 0:
        return -a[i], i
    return a[i], -i


def estimate_pi(seed, n):
    state = seed
    inside = 0
    for i in range(n):  # jit: compiled
        state, x = lcg(state)
        state, y = lcg(state)
        if x * x + y * y < 1.0:
            inside += 1
    return 4.0 * inside / n, state


def fold_sum(a):
    s = 0.0
    t = 0
    for i in range(a.shape[0]):  # jit: compiled
        v, k = folded(a, i)
        s += v
        t += k
    return s, t


def scaled(i):
    return i * 2**20, i * 2**41


def big_sums(n):
    s = 0
    for i in range(n):  # jit: compiled, deopts
        a, b = scaled(i)
        s += a + b
    return s


print(estimate_pi(7, 3000), estimate_pi(11, 5000))
M = 2**31 - 1  # the constant changes: another specialisation
print(estimate_pi(7, 3000))
print(fold_sum(np.linspace(-3.0, 2.0, 77)), fold_sum(np.arange(-20, 20)))
print(big_sums(40), big_sums(3000))
try:
    v, k, z = folded(np.arange(3.0), 1)
except ValueError as e:
    print("ValueError", e)
