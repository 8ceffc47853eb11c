# A loop over a list binds each item where nothing can hand back, so every item must
# be of the kind the loop reads: the site's own loop is checked by the VM on entry, an
# inner loop before it starts (a list with an int or a str among its floats runs
# interpreted, and gives the interpreter's result or TypeError); a loop that would
# store items of another kind into the list it runs over stays interpreted.


def doubled_sum(xs):
    s = 0.0
    for x in xs:  # jit: compiled
        s += x * 2.0
    return s


def weighted(rows, xs):
    t = 0.0
    for k in range(rows):  # jit: compiled, deopts
        for i, x in enumerate(xs):
            t += x * (k + 1) - i
    return t


def overwrite(xs):
    n = 0
    for i, x in enumerate(xs):
        xs[i] = 1
        n += 1
    return n, xs[:3]


def scaled(xs, c):
    # Stores of the items' own kind into the list it runs over compile.
    for i, x in enumerate(xs):  # jit: compiled
        xs[i] = x * c
    return xs[:3], xs[-1]


floats = [0.5] * 100
print(doubled_sum(floats), weighted(25, floats))
mixed = [0.5 * i for i in range(100)]
mixed[60] = 7
print(doubled_sum(mixed), doubled_sum(mixed), weighted(30, mixed))
strs = [float(i) for i in range(100)]
strs[50] = "a"
for call in (lambda: doubled_sum(strs), lambda: weighted(30, strs)):
    try:
        print(call())
    except TypeError:
        print("TypeError")
print(overwrite([0.5] * 50))
print(scaled([1.5] * 60, 2.0), scaled([0.25 * i for i in range(80)], -1.0))
