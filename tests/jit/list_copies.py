# Lists of numbers a loop nest only reads are copied on entry into buffers of their
# numbers (`kiln_jit::list_copies`): item reads, rows bound to names and `len()`
# compile as array reads, with Python's numbers and Python's errors. A list the nest
# stores into is never copied, nor one that shares a row with it, nor a list of mixed
# kinds or ragged rows: those are read in place, as before.


def matmul(A, B, n):
    C = [[0.0] * n for _ in range(n)]
    for i in range(n):  # jit: compiled, listcopy
        for j in range(n):
            s = 0.0
            for k in range(n):
                s += A[i][k] * B[k][j]
            C[i][j] = s
    return C


def rows_matmul(A, B, n):
    C = [[0.0] * n for _ in range(n)]
    for i in range(n):  # jit: compiled, listcopy
        Ai = A[i]
        Ci = C[i]
        for k in range(len(Ai)):
            aik = Ai[k]
            Bk = B[k]
            for j in range(len(Bk)):
                Ci[j] += aik * Bk[j]
    return C


def smooth(dst, src, n):
    # smooth(A, A, n) reads what it has just stored: no copy may be taken.
    for i in range(1, n - 1):  # jit: compiled
        for j in range(n):
            for k in range(3):
                dst[i][j] = 0.25 * (src[i - 1][j] + 2.0 * src[i][j] + src[i + 1][j]) + 0.0 * k
    return dst


def accumulate(M, R, n):
    # R's rows are M's (`[M[0]] * n`): the stores into M change what R reads.
    for i in range(n):  # jit: compiled, listread
        for j in range(n):
            for k in range(n):
                M[i][j] = M[i][j] * 0.5 + R[k][j]
    return M


def weighted(w, x, n, m):
    t = 0.0
    for i in range(n):  # jit: compiled, listcopy
        for j in range(m):
            t += w[j] * x[i] - w[-1]
    return t


def reciprocals(A, n):
    s = 0.0
    for i in range(n):  # jit: compiled
        for j in range(n):
            for r in range(4):
                s += 1.0 / A[i][j] + r
    return s


def counts(tri, blocked, n):
    total = 0
    for i in range(n):  # jit: compiled
        for j in range(n):
            for r in range(3):
                if not blocked[i][j]:
                    total += tri[i][j] * tri[j][i] + r
    return total


def past_the_end(A, n):
    s = 0.0
    for i in range(n):  # jit: compiled
        for j in range(n):
            for r in range(2):
                s += A[i][j + r * (i // (n - 1))]
    return s


def show(m):
    return [round(sum(row), 6) for row in m]


n = 24
A = [[float((i * 7 + j * 3) % 11) * 0.25 - 1.0 for j in range(n)] for i in range(n)]
B = [[float((i + 2 * j) % 5) - 2.0 for j in range(n)] for i in range(n)]
for _ in range(2):
    print(show(matmul(A, B, n)))
    print(show(rows_matmul(A, B, n)))

# Aliasing: the same list as both operands, and rows shared by two lists.
S = [[float((i * j) % 7) for j in range(n)] for i in range(n)]
print(show(smooth(S, S, n)))
T = [[float((i * j) % 7) for j in range(n)] for i in range(n)]
print(show(smooth([row[:] for row in T], T, n)))
M = [[1.0 + (i * j) % 3 for j in range(n)] for i in range(n)]
print(show(accumulate(M, [M[0]] * n, n)))
shared = [[0.5] * n] * n
print(show(accumulate(shared, shared, n)))

# One-level lists, negative indices; then an int among the floats, ragged rows.
w = [0.5 * (j % 4) for j in range(40)]
x = [float(i % 9) - 4.0 for i in range(30)]
print(weighted(w, x, 30, 40))
x[7] = 3
print(weighted(w, x, 30, 40))
ragged = [row[:] for row in A]
ragged[5] = ragged[5][:-1]
try:
    print(show(matmul(ragged, B, n)))
except IndexError as e:
    print("IndexError", e)

# Python's errors: a zero divides (ZeroDivisionError), an index past a row's end
# (the list's IndexError), ints beyond a word (exact).
Z = [[float((i + j) % 5) + 1.0 for j in range(n)] for i in range(n)]
print(round(reciprocals(Z, n), 6))
Z[20][3] = 0.0
try:
    print(reciprocals(Z, n))
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)
try:
    print(past_the_end(A, n))
except IndexError as e:
    print("IndexError", e)
tri = [[(i + 1) * (j + 2) for j in range(n)] for i in range(n)]
blocked = [[(i * 7 + j * 3) % 11 == 0 for j in range(n)] for i in range(n)]
print(counts(tri, blocked, n))
tri[3][4] = 2**62
tri[4][3] = 2**62
print(counts(tri, blocked, n))
tri[3][4] = 2**70
print(counts(tri, blocked, n))


# Lists the nest stores into: copied too where no other list shares a row with them,
# and the numbers the run changed written back when it returns (also when it hands a
# statement back: an int past 64 bits, then the interpreter goes on).
def paths(blocked, n):
    t = [[0] * n for _ in range(n)]
    for i in range(n):
        t[i][0] = 1
        t[0][i] = 1
    for i in range(1, n):  # jit: compiled, listcopy
        for j in range(1, n):
            if blocked[i][j]:
                t[i][j] = 0
            else:
                t[i][j] = (t[i - 1][j] + t[i][j - 1]) % 1000003
    return t


def grow(t, n):
    for i in range(1, n):  # jit: compiled, listcopy, deopts
        row = t[i]
        for j in range(1, n):
            row[j] = t[i - 1][j] * 3 + row[j - 1]
    return t


def relax(u, n, sweeps):
    for s in range(sweeps):  # jit: compiled, listcopy
        for i in range(1, n - 1):
            u[i] = 0.5 * (u[i - 1] + u[i + 1])
    return u


def clip(u, n):
    # Stores an int into a list of floats: no copy compiles for that; read in place.
    for s in range(3):  # jit: compiled
        for i in range(n):
            if u[i] < 0.0:
                u[i] = 0
            else:
                u[i] = u[i] * 0.5
    return u


def spread(flags, n):
    for s in range(4):  # jit: compiled, listcopy
        for i in range(1, n):
            flags[i] = flags[i - 1] and not flags[i]
    return flags


print(sum(sum(r) for r in paths(blocked, n)))
g = [[1] * n for _ in range(n)]
print(sum(grow(g, n)[-1]) % 1000003, grow([[1] * n for _ in range(n)], 8)[-1])
shared_rows = [[1] * n] * n
print(sum(grow(shared_rows, n)[-1]) % 1000003)
print([round(v, 9) for v in relax([float(i % 5) for i in range(60)], 60, 40)[:8]])
for _ in range(3):
    print(clip([float(i % 7) - 3.0 for i in range(50)], 50)[:10])
print(spread([i % 3 == 0 for i in range(70)], 70))
T2 = [[float((i + j) % 4) for j in range(n)] for i in range(n)]
print(show(smooth([row[:] for row in T2], T2, n)))


# Attributes of a list's objects that the nest only reads: their values copied.
class Body:
    def __init__(self, x, m):
        self.x = x
        self.m = m


def energy(ps):
    e = 0.0
    for r in range(6):  # jit: compiled
        for p in ps:
            e += p.m * p.x * p.x + r
    return e


bodies = [Body(0.5 * k - 3.0, 1.0 + k % 3) for k in range(40)]
print(energy(bodies))
bodies[7].x = 2
print(energy(bodies))
del bodies[9].m
try:
    print(energy(bodies))
except AttributeError as e:
    print("AttributeError", e)
