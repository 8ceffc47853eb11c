# Loops that unpack their items compile: `for u, v, w in edges` over a list of tuples
# (or of lists), `for i, (x, y) in enumerate(points)`, `for (x0, y0), (x1, y1) in
# zip(points, points[1:])`, `zip(xs, xs[1:])`. Each element is read from the item in
# place; an element of another kind hands the unpacking back to the interpreter, an
# item of another length keeps the loop interpreted for that call (the interpreter
# raises), and a loop whose body changes the list it runs over stays interpreted.


def bellman_ford(n, edges, src):
    dist = [float("inf")] * n
    dist[src] = 0.0
    rounds = 0
    for _ in range(n - 1):  # jit: compiled
        changed = False
        for u, v, w in edges:
            if dist[u] + w < dist[v]:
                dist[v] = dist[u] + w
                changed = True
        rounds += 1
        if not changed:
            break
    return dist, rounds


def centroid(points):
    sx = sy = 0.0
    for x, y in points:  # jit: compiled
        sx += x
        sy += y
    return sx / len(points), sy / len(points)


def weighted(points):
    s = 0.0
    for i, (x, y) in enumerate(points):  # jit: compiled
        s += i * x - y
    return s


def path_length(points):
    total = 0.0
    for (x0, y0), (x1, y1) in zip(points, points[1:]):  # jit: compiled
        total += ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
    return total


def variation(xs):
    out = 0.0
    for a, b in zip(xs, xs[1:]):  # jit: compiled
        out += abs(b - a)
        xs[0] += 0.5
    return out, xs[0]


def smooth(xs):
    for k in range(len(xs) - 1):  # jit: compiled
        xs[k] = 0.5 * (xs[k] + xs[k + 1])
    return xs


def grows(pairs):
    n = 0
    for a, b in pairs:
        if a > b and len(pairs) < 400:
            pairs.append((b, a))
        n += 1
    return n


n = 300
edges = [(i, (i * 7 + 3) % n, float((i * 13) % 17 + 1)) for i in range(n)]
edges += [(i, (i + 1) % n, 2.5) for i in range(n)]
dist, rounds = bellman_ford(n, edges, 0)
print("bellman-ford", dist[:8], rounds)
as_lists = [list(e) for e in edges]
print("edges as lists", bellman_ford(n, as_lists, 0)[0][:8])

points = [(float(i % 17), float(i % 5) * 0.5) for i in range(500)]
print("centroid", centroid(points), weighted(points), path_length(points))
xs = [float((i * 37) % 101) for i in range(500)]
print("variation", variation(xs))
print("smooth", smooth(xs)[:4])

# An int among the floats: the unpacking of that item hands back; a str: the
# interpreter's TypeError where it adds it.
mixed = points[:]
mixed[250] = (3, 4)
print("an int element", centroid(mixed), weighted(mixed))
bad = points[:]
bad[100] = (1.0, "2")
try:
    centroid(bad)
except TypeError as e:
    print("TypeError", e)

# An item of another length: the interpreter's ValueError, after the items before it.
short = edges[:]
short[200] = (1, 2)
try:
    bellman_ford(n, short, 0)
except ValueError as e:
    print("ValueError", e)
long = points[:]
long[300] = (1.0, 2.0, 3.0)
try:
    path_length(long)
except ValueError as e:
    print("ValueError", e)

print("grows", grows([(i % 7, i % 5) for i in range(200)]))
pairs = {(i, i * i): i for i in range(300)}
total = 0
for a, b in pairs:
    total += a * b - pairs[(a, b)]
print("dict keys", total)


# An inner loop over a subscript (`for v in A[i]`): a row bound where the loop starts.
def row_sums(A):
    out = []
    for i in range(len(A)):  # jit: compiled
        s = 0.0
        for v in A[i]:
            s += v
        for j, v in enumerate(A[i]):
            s -= 0.5 * j * v
        out.append(s)
    return out


grid = [[float(i * j % 7) for j in range(30)] for i in range(40)]
print("rows", sum(row_sums(grid)))
grid[5][3] = 2
print("an int", sum(row_sums(grid)))
grid[7] = (1.0, 2.0)
print("a tuple row", sum(row_sums(grid)))
