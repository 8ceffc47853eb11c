# A loop whose first types do not compile (a list of str, a range over a list of
# dicts) runs its later runs on the interpreter's own paths until its next try is due
# (`Counted::waits_out`), and still compiles when a later call brings types that do:
# the marked loops must end compiled, and every result be the interpreter's.


def total(xs):
    s = 0.0
    for x in xs:  # jit: compiled
        s += x * 2
    return s


def indexed(rows, n):
    s = 0.0
    for i in range(n):  # jit: compiled
        s += rows[i] * (i % 3)
    return s


def paired(xs, ys):
    s = 0.0
    for k, (x, y) in enumerate(zip(xs, ys)):
        s += k
    return s


words = ["ab", "cd", "ef", "gh"]
dicts = [{"k": 1}, {"k": 2}, {"k": 3}]
out = []
for rep in range(300):
    try:
        out.append(total(words))
    except TypeError as e:
        out.append(type(e).__name__)
    try:
        out.append(indexed(dicts, 3))
    except TypeError as e:
        out.append(type(e).__name__)
    out.append(paired(words, dicts))
print(out[:6], len(out))
floats = [0.5 * i for i in range(40)]
for rep in range(400):
    a = total(floats)
    b = indexed(floats, 40)
print(a, b)
print(total([1, 2.5, 3]), indexed([1.0, 2, 3.5], 3))
