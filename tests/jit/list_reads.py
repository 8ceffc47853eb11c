# Lists of numbers read in compiled loops (issue 17, and the first of issue 18's lists):
# Python floats, Python ints and np.float64 scalars, by subscripts (negative ones too,
# and one past the end, where the interpreter raises IndexError), `len()`, and loops
# over a list itself (`for x in xs`, `enumerate`, `zip` with an array); a list that a
# helper the loop calls grows while the loop runs over it (the loop sees the new
# items, as Python's list iterator does); ints and floats mixed in one list, a bool
# among ints and an int past 64 bits stay interpreted.
import numpy as np
from numba import njit


def weighted(xs, ws):
    s = 0.0
    for i in range(len(xs)):  # jit: compiled
        s += xs[i] * ws[-1 - i]
    return s


def int_sum(ks, reps):
    t = 0
    for r in range(reps):  # jit: compiled
        for k in range(len(ks)):
            t += ks[k] * (r % 3) - ks[-1]
    return t


def over_items(xs, a):
    s = 0.0
    for x in xs:  # jit: compiled
        s += x * x
    for i, x in enumerate(xs):  # jit: compiled
        s -= i * x
    for x, y in zip(xs, a):  # jit: compiled
        s += x * y
    return s


def past_the_end(xs, n):
    s = 0.0
    try:
        for i in range(n):  # jit: compiled, deopts
            s += xs[i]
    except IndexError as e:
        print("IndexError:", e)
    return s


@njit
def mean_var(lst):
    s = 0.0
    for v in lst:
        s += v
    mean = s / len(lst)
    q = 0.0
    for i in range(len(lst)):
        q += (lst[i] - mean) ** 2
    return mean, q / len(lst)


def grow(xs):
    if len(xs) < 60:
        xs.append(len(xs) * 0.5)


def growing(xs):
    s = 0.0
    for x in xs:  # stays interpreted: `grow()` is a call of a function with a method call
        s += x
        grow(xs)
    return s, len(xs)


def mixed(xs):
    s = 0
    for i in range(len(xs)):  # stays interpreted: a list of ints and floats
        s += xs[i]
    return s


floats = [((k * 7) % 19) / 4.0 for k in range(80)]
ints = [(k * 13) % 17 - 8 for k in range(50)]
print(weighted(floats, floats[::-1]))
print(int_sum(ints, 40))
print(over_items(floats, np.linspace(0.0, 1.0, 80)))
print(past_the_end(floats, 90))
print(mean_var(floats))
print(mean_var([np.float64(x) for x in floats]))
print(growing([1.0, 2.0, 3.0]))
print(mixed([1, 2.5, 3] * 20))
print(mixed([True, 2, 3] * 20))
print(mixed([1, 2, 2**70] * 20))


# Appending numbers to a list the loop is given (issue 18's first step): Python floats
# and ints, np.float64 elements of an array, read back by `len()` and negative
# subscripts in the same loop; a list the loop appends to while iterating over it, and
# a float appended to a list of ints read back in the loop (a hand-back), stay right.
def collect(a, out):
    for i in range(1, a.shape[0] - 1):  # jit: compiled
        if a[i] > a[i - 1] and a[i] >= a[i + 1]:
            out.append(a[i])
    return len(out)


def squares(n, out):
    for k in range(n):  # jit: compiled
        out.append(k * k)
        if len(out) > 3:
            out.append(out[-1] - out[-3] + 0.5 * (k % 2))
    return out[-1], len(out)


def primes_below(n):
    ps = [2]
    for k in range(3, n, 2):  # jit: compiled
        is_p = True
        for i in range(len(ps)):
            p = ps[i]
            if p * p > k:
                break
            if k % p == 0:
                is_p = False
                break
        if is_p:
            ps.append(k)
    return ps[-5:], len(ps)


def self_feeding(xs):
    for x in xs:  # stays interpreted: appending to `xs` while a loop runs over it
        if len(xs) < 40:
            xs.append(x + 1)
    return len(xs), xs[-1]


peaks = []
print(collect(((np.arange(200) * 37) % 23) / 8.0, peaks), peaks[:5], type(peaks[0]).__name__)
print(squares(60, []))
print(primes_below(400))
print(self_feeding([1, 2, 3]))
