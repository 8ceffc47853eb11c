# Rows of lists of lists bound to names (`row = A[i]`, `for row in A`) in compiled
# loops: reads and stores through the row are the list's own (shared rows see each
# other's stores), `len(row)` is the row's, and a row that is out of range or no list
# fails where the interpreter's `A[i]` or loop would.


def scale_rows(A, n, c):
    for i in range(n):  # jit: compiled
        row = A[i]
        for j in range(len(row)):
            row[j] = row[j] * c + i
    return A


def row_sums(A):
    out = []
    for row in A:  # jit: compiled
        s = 0.0
        for j in range(len(row)):
            s += row[j]
        out.append(s)
    return out


def matmul_rows(A, B, n):
    C = [[0.0] * n for _ in range(n)]
    for i in range(n):  # jit: compiled
        Ai = A[i]
        Ci = C[i]
        for k in range(n):
            aik = Ai[k]
            Bk = B[k]
            for j in range(n):
                Ci[j] += aik * Bk[j]
    return C


def add_into(A, B, n):
    # `add_into(A, A, n)`: both names reach the same rows.
    for i in range(n):  # jit: compiled
        Ai = A[i]
        Bi = B[i]
        for j in range(n):
            Ai[j] += Bi[j]
            Ai[j] -= 0.5 * Bi[(j + 1) % n]
    return A


def last_row(A, n):
    # The name is written back: the very row object.
    total = 0.0
    for i in range(n):  # jit: compiled
        row = A[-1 - i % 3]
        total += row[0]
    return total, row


n = 24
A = [[(i * 7 + j * 3) % 5 * 0.5 for j in range(n)] for i in range(n)]
B = [[(i + 2 * j) % 7 - 3.0 for j in range(n)] for i in range(n)]
print(scale_rows([r[:] for r in A], n, 1.5)[5][:6])
shared = [[0.0] * 6] * 6
print(scale_rows(shared, 6, 2.0))
print(row_sums(A)[:5], row_sums(shared))
C = matmul_rows(A, B, n)
print(C[3][:5], sum(sum(r) for r in C))
print(add_into([r[:] for r in A], B, n)[7][:5])
A2 = [r[:] for r in A]
print(add_into(A2, A2, n)[7][:5])
total, row = last_row(A, 30)
print(total, row is A[-1] or row is A[-2] or row is A[-3], row[:3])
try:
    scale_rows([r[:] for r in A], n + 1, 1.0)
except IndexError as e:
    print("IndexError", e)
ragged = [[1.0, 2.0], [3.0], 4.0, [5.0, 6.0]]
for call in (lambda: row_sums(ragged), lambda: scale_rows(ragged, 4, 1.0)):
    try:
        print(call())
    except TypeError:
        print("TypeError")


def bump_held(row, n):
    # A float the list alone holds takes stored values in place; one a name also
    # holds is replaced by a new float, and the name keeps its value.
    for t in range(n):  # jit: compiled
        row[0] += 1.0
        row[1] = row[0] * 2
    return row


r = [float(i) for i in range(4)]
held = r[1]
print(bump_held(r, 50), held, r[1] is held)


def grid_total(grid):
    # Loops over rows: `for v in row`, `enumerate(row)` (storing into the row it runs
    # over), `zip(a, b)` of two rows.
    s = 0.0
    for row in grid:  # jit: compiled
        for v in row:
            s += v
    return s


def halve_rows(A):
    peaks = []
    for i in range(len(A)):  # jit: compiled
        row = A[i]
        m = 0.0
        for k, v in enumerate(row):
            if v * v > m:
                m = v * v
            row[k] = v * 0.5
        peaks.append(m)
    return peaks


def row_dots(A, B):
    s = 0.0
    for i in range(len(A)):  # jit: compiled
        a = A[i]
        b = B[i]
        for x, y in zip(a, b):
            s += x * y
    return s


G = [[(i * 7 + j * 3) % 5 * 0.5 - 1.0 for j in range(30)] for i in range(40)]
H = [[(i + j) % 3 * 0.25 for j in range(30)] for i in range(40)]
for rep in range(2):
    print(grid_total(G), halve_rows([r[:] for r in G])[:4], row_dots(G, H))
print(grid_total([[1.0, 2.0], [3.0, 4, 5.0], [6.0]] * 30))
try:
    print(grid_total([[1.0, 2.0], [3.0, "x"]] * 30))
except TypeError:
    print("TypeError")
