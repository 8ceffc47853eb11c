# Lists stored into and lists of rows in compiled loops (issue 18): `xs[i] = v`,
# `xs[-1 - i] += v`, `A[i][k]` and `C[i][j] = s` (matrix products and dynamic
# programming over lists of lists), each item read and stored on the list itself, so
# lists that share rows (`[[0.0] * n] * n`), a row bound outside the loop (`row =
# A[0]`) and one list passed twice (`axpy(x, x)`) see each other's stores as the
# interpreter does. A stored int, bool or np.float64 is kept as it is (a later read
# of it as a float hands back); an index past the end raises IndexError, a tuple
# subscript TypeError; a list class with its own `__setitem__` stays interpreted.
import numpy as np


def matmul(A, B, n):
    C = [[0.0] * n for _ in range(n)]
    for i in range(n):  # jit: compiled
        for j in range(n):
            s = 0.0
            for k in range(n):
                s += A[i][k] * B[k][j]
            C[i][j] = s
    return C


def paths(n):
    t = [[0] * (n + 1) for _ in range(n + 1)]
    for i in range(n + 1):  # jit: compiled
        t[i][0] = 1
    for i in range(1, n + 1):  # jit: compiled
        for j in range(1, n + 1):
            t[i][j] = t[i - 1][j] + t[i][j - 1]
    return t[n][n], t[n // 2][: n // 2 + 1]


def lcs(a, b):
    # Longest common subsequence of two lists of ints.
    m, n = len(a), len(b)
    t = [[0] * (n + 1) for _ in range(m + 1)]
    for i in range(1, m + 1):  # jit: compiled
        for j in range(1, n + 1):
            if a[i - 1] == b[j - 1]:
                t[i][j] = t[i - 1][j - 1] + 1
            else:
                t[i][j] = max(t[i - 1][j], t[i][j - 1])
    return t[m][n]


def blocked_paths(blocked, n):
    # A list of rows of bools read, one of ints stored (`True`/`False` read in place).
    t = [[1] * n for _ in range(n)]
    for i in range(1, n):  # jit: compiled
        for j in range(1, n):
            if blocked[i][j] or blocked[i - 1][-j]:
                t[i][j] = 0
            else:
                t[i][j] = (t[i - 1][j] + t[i][j - 1]) % 1000003
    return t[n - 1][n - 5 :]


def in_place(xs):
    for i in range(len(xs)):  # jit: compiled
        xs[i] = xs[i] * 2 + 1
        xs[-1 - i] += 0.5
    return xs


def shared_rows(n):
    A = [[0.0] * n] * n
    for i in range(n):  # jit: compiled
        for j in range(n):
            A[i][j] += i + j
    return A[0][:6], A[0] is A[n - 1]


def through_row(A, n):
    row = A[1]
    for j in range(n):  # jit: compiled
        row[j] = row[j] * 10 + j
    return A[1][:5]


def axpy(x, y, a):
    for i in range(len(x)):  # jit: compiled
        y[i] += a * x[i]
    return y[:6]


def kinds(xs):
    for i in range(len(xs)):  # jit: compiled, deopts
        if i % 4 == 0:
            xs[i] = i
        elif i % 4 == 1:
            xs[i] = i > 20
        elif i % 4 == 2:
            xs[i] = np.float64(i) / 4
        else:
            xs[i] = xs[i - 1] * 0.5
    return xs[:12], [type(x).__name__ for x in xs[:4]]


def past_the_end(xs):
    try:
        for i in range(len(xs) + 2):  # jit: compiled, deopts
            xs[i] = i * 1.5
    except IndexError as e:
        print("IndexError:", e)
    return xs[-3:]


def by_tuple(A, n):
    s = 0.0
    try:
        for i in range(n):
            s += A[i, 0]
    except TypeError as e:
        print("TypeError:", e)
    return s


class Logged(list):
    def __setitem__(self, i, v):
        print("set", i)
        list.__setitem__(self, i, v)


def logged(xs):
    for i in range(len(xs)):
        xs[i] = i * 2.0
    return list(xs)


n = 24
A = [[float((i * n + j) % 11) for j in range(n)] for i in range(n)]
B = [[float((i + 2 * j) % 7) - 3.0 for j in range(n)] for i in range(n)]
C = matmul(A, B, n)
print(C[3][:8], sum(C[n - 1]))
print(paths(24))
print(lcs([(i * 7) % 10 for i in range(60)], [(i * 3) % 10 for i in range(50)]))
print(in_place([float(i) for i in range(50)])[:10])
grid = [[(i * 7 + j * 3) % 11 == 0 for j in range(40)] for i in range(40)]
print(blocked_paths(grid, 40))
grid[20][5] = 1  # an int among the bools: that read hands back
print(blocked_paths(grid, 40))
print(shared_rows(30))
print(through_row([[float(i + j) for j in range(40)] for i in range(3)], 40))
x = [float(i) for i in range(40)]
print(axpy(x, [1.0] * 40, 0.5))
print(axpy(x, x, 0.5))
print(kinds([0.5] * 60))
print(past_the_end([0.0] * 40))
print(by_tuple(A, 30))
print(logged(Logged([0.0] * 30))[:4])


# With another thread running, code that reads lists in place (without their locks)
# stays interpreted; once it is gone, the same loop runs compiled.
import threading


def total(xs):
    s = 0.0
    for i in range(len(xs)):  # jit: compiled
        s += xs[i] * 0.5
    return s


ready, done = threading.Event(), threading.Event()


def idle():
    ready.set()
    done.wait()


helper = threading.Thread(target=idle)
helper.start()
ready.wait()
print(total([float(i) for i in range(100)]))
done.set()
helper.join()
print(total([float(i) for i in range(100)]))
