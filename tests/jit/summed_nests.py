# Loops with loops inside that only sum (conv2d's `for u: for v: acc += ...`, a
# matrix's sum of squares): inside a nest whose subscripts are proven, the whole
# inner nest runs with no value tested and tests the sum once after it; where it is
# not finite, the nest runs again from its start in its checked copy, called out of
# line. Each case must give exactly what the interpreter gives: the warning at the
# element numpy gives it, once, and the sums' values and types.
import numpy as np


def conv2d(image, filt, out):
    m = filt.shape[0]
    for r in range(out.shape[0]):  # jit: compiled, sumnest, deopts
        for c in range(out.shape[1]):
            acc = 0.0
            for u in range(m):
                for v in range(m):
                    acc += image[r + u, c + v] * filt[m - 1 - u, m - 1 - v]
            out[r, c] = acc
    return out


n = 14
i = np.arange(n).reshape(n, 1)
j = np.arange(n).reshape(1, n)
image = ((i * 17 + j * 5) % 29) / 29.0
filt = ((np.arange(9).reshape(3, 3) * 7) % 11) / 11.0 - 0.4
print(conv2d(image, filt, np.zeros((n - 2, n - 2))).sum())

# An overflow inside one window (the product, then the sum), NaN, inf - inf.
big = image.copy()
big[5, 6] = 1e308
big[9, 2] = np.nan
big[11, 11] = np.inf
big[11, 12] = -np.inf
print(conv2d(big, filt * 10.0, np.zeros((n - 2, n - 2))))
# An inf in the data and a filter of zeros: inf * 0 is invalid.
zero = image.copy()
zero[3, 3] = np.inf
print(conv2d(zero, np.zeros((3, 3)), np.zeros((n - 2, n - 2))))
# Windows of no rows (the inner nest runs no iteration).
print(conv2d(image, np.zeros((0, 0)), np.zeros((4, 4))))


def sum_squares(a):
    # A triangular inner loop, the loop variables in the summand, a product.
    rows = np.zeros((a.shape[0], 2))
    for k in range(a.shape[0]):  # jit: compiled, sumnest
        s = 0.0
        for i in range(k + 1):
            for j in range(i):
                s += a[i, j] * a[j, i] - 0.5 * i + j
        p = 1.0
        for i in range(2):
            for j in range(3):
                p *= a[k, j] + 1.0
        rows[k, 0] = s
        rows[k, 1] = p
    return rows, type(s), type(p)


sq = ((np.arange(64).reshape(8, 8) * 5) % 9) / 9.0
print(sum_squares(sq))
sb = sq * 1e200
print(sum_squares(sb))


def three_deep(a, out):
    # Three loops inside, `-=`, and the sum read back after the nest.
    for t in range(out.shape[0]):  # jit: compiled, sumnest
        s = np.float64(t)
        for i in range(a.shape[0]):
            for j in range(a.shape[1]):
                for k in range(a.shape[2]):
                    s -= a[i, j, k] * (t + 1)
        out[t] = s
    return out, type(s)


cube = ((np.arange(60).reshape(3, 4, 5) * 13) % 7) / 7.0
print(three_deep(cube, np.zeros(5)))
cb = cube.copy()
cb[2, 3, 1] = -1e308
print(three_deep(cb, np.zeros(5)))


def ints_in_the_sum(a, k):
    # An integer product that leaves int64 part way (the interpreter goes on with
    # Python ints): a hand-back from inside the nest, past the test of the sum.
    out = np.zeros(3)
    for t in range(3):  # jit: compiled, deopts
        s = 0.0
        for i in range(a.shape[0]):
            for j in range(a.shape[1]):
                s += (k * i * j) * a[i, j]
        out[t] = s + t
    return out


print(ints_in_the_sum(sq, 3))
print(ints_in_the_sum(sq, 2**61))


def unbound_sum(a, start):
    # The sum is unbound on the first row: the interpreter's UnboundLocalError.
    for r in range(a.shape[0]):
        if start:
            s = 0.0
        for i in range(2):
            for j in range(a.shape[1]):
                s += a[r, j] * i
    return s


print(unbound_sum(sq, True))
try:
    unbound_sum(sq, False)
except UnboundLocalError as e:
    print("UnboundLocalError", e)
