# dense_layer_dot: per-sample forward pass of a two-layer perceptron.
# Exercises: np.dot(x[i], w1) + b1 on a row, np.maximum relu, h @ w2, out[i] = ..., a[i].sum(), a.max(), np.max(..., axis=1).
import numpy as np


def forward(x, w1, b1, w2, b2):
    n = x.shape[0]
    out = np.zeros((n, w2.shape[1]))
    active = 0
    for i in range(n):  # hot
        h = np.maximum(np.dot(x[i], w1) + b1, 0.0)
        active += int((h > 0).sum())
        out[i] = h @ w2 + b2
    return out, active


def main():
    nsamp, nin, nhid, nout = 80, 12, 16, 4
    x = (np.arange(nsamp * nin).reshape(nsamp, nin) % 7 - 3.0) / 4.0
    w1 = (np.arange(nin * nhid).reshape(nin, nhid) * 3 % 13 - 6.0) / 8.0
    b1 = (np.arange(nhid) % 3 - 1.0) / 2.0
    w2 = (np.arange(nhid * nout).reshape(nhid, nout) * 5 % 9 - 4.0) / 16.0
    b2 = np.array([0.5, -0.25, 0.0, 1.0])
    out, active = forward(x, w1, b1, w2, b2)
    print(out[:3])
    print(active, repr(out.max()), repr(out[7].sum()))
    print(np.max(out, axis=1)[:8])
    print(np.argmax(out, axis=1)[:16])


main()
