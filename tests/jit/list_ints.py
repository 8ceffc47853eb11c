# Python ints in lists, read and stored in place where they fit a machine word: a
# table of ints (dynamic programming), values at the edges of a word, an int past 64
# bits or a bool among them (handed back), and an int a name also holds (left as it
# was: the list gets a new int).


def lattice_paths(n):
    t = [[0] * n for _ in range(n)]
    for i in range(n):  # jit: compiled
        t[i][0] = 1
    for j in range(n):  # jit: compiled
        t[0][j] = 1
    for i in range(1, n):  # jit: compiled
        for j in range(1, n):
            t[i][j] = (t[i - 1][j] + t[i][j - 1]) % 1000003
    return t[n - 1][n - 1], t[n // 2][n // 3]


def flip(xs):
    s = 0
    for i in range(len(xs)):  # jit: compiled
        s += xs[i]
        xs[i] = -xs[i] * 3
    return s, xs[:4], xs[-3:]


def bump_held(xs, n):
    keep = xs[2]
    for t in range(n):  # jit: compiled
        xs[2] = xs[2] + 7
        xs[3] = -t
    return xs[:5], keep, xs[2] is keep


print(lattice_paths(120))
print(flip([2**62, -2**63, 5, -7, 2**40, 0] * 30))
print(flip([1, 2, 2**64, 4] * 30))
print(flip([1, 2, True, 4] * 30))
print(flip([-(2**63) + 1, 2**63 - 1] * 40))
print(bump_held([10**12 + i for i in range(6)], 100))
print(bump_held([1, 2, 3, 4, 5], 100))
