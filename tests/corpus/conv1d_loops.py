# conv1d_loops: direct 1-D convolution and moving-average smoothing with explicit nested loops.
# Exercises: out[i] += x[i + k] * w[k] with a short inner loop, valid-mode indexing, repeated smoothing passes.
import numpy as np


def conv_valid(x, w):
    n = len(x)
    m = len(w)
    out = np.zeros(n - m + 1)
    for i in range(n - m + 1):  # hot
        acc = 0.0
        for k in range(m):  # hot
            acc += x[i + k] * w[m - 1 - k]
        out[i] = acc
    return out


def smooth(x, passes):
    y = x.copy()
    for p in range(passes):
        z = y.copy()
        for i in range(1, len(y) - 1):  # hot
            z[i] = (y[i - 1] + y[i] + y[i + 1]) / 3.0
        y = z
    return y


def main():
    t = np.arange(600, dtype=np.float64)
    x = (t % 17.0) - 8.0 + 0.01 * t
    w = np.array([1.0, 4.0, 6.0, 4.0, 1.0]) / 16.0
    c = conv_valid(x, w)
    print(c[:6], len(c))
    s = smooth(x, 5)
    print(s[100:106])
    print(repr(c[300]), repr(s[599]))


main()
