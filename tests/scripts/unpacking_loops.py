# Loops that unpack their items run as Python runs them (kiln desugars them so that
# the JIT can compile them: the names, the values after the loop, the exceptions and
# their lines, `else` and `break`, sequences that are slices evaluated once).
import sys


def last(pairs):
    for a, b in pairs:
        pass
    return a, b


print(last([(1, 2), (3, 4)]))
try:
    last([])
except UnboundLocalError as e:
    print("UnboundLocalError", "a" in str(e))

for x, y in [(1, 2), [3, 4], "ab", {5: 0, 6: 0}]:
    print(x, y)

try:
    for u, v in [(1, 2), (3, 4, 5)]:
        print("got", u, v)
except ValueError as e:
    print("ValueError", str(e).split(" (")[0], sys.exc_info()[2].tb_lineno)

for i, (p, q) in enumerate([(1.5, 2), (3, 4.5)]):
    print(i, p, q)
else:
    print("else ran", i, p, q)

for (a, b), (c, d) in zip([(1, 2), (3, 4)], [(5, 6), (7, 8), (9, 10)]):
    if c == 7:
        break
    print(a, b, c, d)
else:
    print("not reached")
print("after break", a, b, c, d)


class Pairs:
    def __init__(self):
        self.items = [(1, "one"), (2, "two")]
        self.calls = 0

    def __getitem__(self, k):
        self.calls += 1
        return [(10, "ten"), (20, "twenty"), (30, "thirty")][k]


obj = Pairs()
for n, word in obj.items:
    print(n, word)
# A sliced sequence is evaluated once, where the loop starts, and snapshots the list.
xs = [1, 2, 3, 4]
for a, b in zip(xs, xs[1:]):
    xs.append(a + b)
    if len(xs) > 8:
        break
print(xs)
for a, b in zip(obj, obj[1:]):
    print(a, b)
print("calls", obj.calls)


class Table:
    rows = [(1, 2.5), (2, 3.5)]
    total = 0.0
    for key, value in rows:
        total += key * value
    for a, b in zip(rows, rows[1:]):
        total += a[0] + b[1]
    if total > 0:
        for k, (x, y) in enumerate(rows):
            total -= k


def local_names():
    out = 0
    for a, b in [(1, 2), (3, 4)]:
        out += a * b
    return sorted(n for n in locals() if not n.startswith("__kiln"))


# What the module and the class hold is what CPython's hold.
print("module", sorted(n for n in dir() if not n.startswith("__") or "kiln" in n))
print("class", Table.total, sorted(n for n in vars(Table) if not n.startswith("__") or "kiln" in n))
print("locals", local_names())
