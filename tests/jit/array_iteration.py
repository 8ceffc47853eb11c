# Loops over arrays compile (issue 16: `for b in data` over an array kept loops
# interpreted): `for x in a`, `for i, x in enumerate(a)` and `zip` of arrays, as a
# counter over their common length binding each item. The arrays are read on entry;
# a loop that rebinds what it iterates stays interpreted, and a deopt inside one
# resumes the iteration after the one that stopped.
import numpy as np


def total(data):
    s = 0.0
    for x in data:  # jit: compiled
        s += x * x
    return s


def weighted(values, weights):
    acc = 0.0
    n = 0
    for v, w in zip(values, weights):  # jit: compiled
        acc += v * w
        n += 1
    return acc, n


def argmax(a):
    best = -np.inf
    where = -1
    for i, x in enumerate(a):  # jit: compiled
        if x > best:
            best = x
            where = i
    return where, best


def rows(m):
    out = np.zeros(m.shape[0])
    # `m[i]` is a row view, made by a subscript: this loop stays interpreted.
    for i in range(m.shape[0]):
        t = 0
        for x in m[i]:
            t += 1
        out[i] = t
    return out


def histogram(samples, edges, counts):
    for s in samples:  # jit: compiled
        for k in range(len(edges) - 1):
            if edges[k] <= s < edges[k + 1]:
                counts[k] += 1
                break
    return counts


def divides(a, d):
    # A zero divisor half way: the interpreter warns at that item.
    out = []
    q = 0
    try:
        for x, y in zip(a, d):  # jit: compiled, deopts
            q += x // y
    except ZeroDivisionError as e:
        out.append(str(e))
    return q, out


def rebinding(a):
    s = 0
    for x in a:
        s += x
        a = a[:1]
    return s


def last_item(a):
    x = -1
    for x in a:  # jit: compiled
        pass
    return x


def int_items(a):
    s = 0
    for i, x in enumerate(a):  # jit: compiled
        s += (i + 1) * x
    return s


data = np.linspace(0.0, 3.0, 1000)
print(total(data), total(data[::-3]))
w = np.cos(data)
print(weighted(data, w), weighted(data[:10], w))
print(argmax(np.sin(data * 7.0)))
print(rows(np.ones((5, 3))))
edges = np.linspace(0.0, 3.0, 7)
print(histogram(data, edges, np.zeros(6, dtype=np.int64)))
print(divides(np.arange(100, dtype=np.int64), np.concatenate([np.arange(1, 60), np.zeros(41, dtype=np.int64)])))
print(rebinding(np.arange(50)))
print(last_item(np.arange(30.0)), last_item(np.zeros(0)))
print(int_items(np.arange(200, dtype=np.int32)), int_items(np.arange(200, dtype=np.uint8)))
empty = np.zeros((0, 3))
print(total(np.zeros(0)), [r.sum() for r in empty])


def aliased(a, b):
    # `b` is a view of `a`: each item is read when its iteration starts, so the store
    # of the first iteration reaches the last item.
    s = 0
    for z in b:  # jit: compiled
        s += z
        a[-1] = 1000
    return s


a = np.arange(40)
print(aliased(a, a[1:]), aliased(np.arange(40), np.arange(40)))
