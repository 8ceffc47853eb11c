# Loops outside the compilable subset over a range, a list or a tuple run over the
# object itself, their back-edges counted when they start (`count_many`): what they do
# must be what the interpreter does, whatever the body does to the list or the loop
# (a list grown or shrunk while it is iterated, `break`, `continue`, an exception out
# of the body, a loop run again on an exhausted iterator, nested refused loops, a
# range past 64 bits), and a compiled loop around a call of a function with such a
# loop keeps working.
from collections import Counter


def grown(words):
    seen = []
    for w in words:
        if len(seen) < 40 and w.startswith("a"):
            words.append(w.upper())
        seen.append(w.lower())
    return len(seen), seen[-3:]


def shrunk(items):
    out = []
    for x in items:
        out.append(str(x))
        if len(items) > 5:
            items.pop()
    return out


def counted(text):
    c = Counter()
    for line in text.split("\n"):
        for word in tuple(line.split()):
            if word == "skip":
                continue
            if word == "stop":
                break
            c[word.strip(".")] += 1
    return sorted(c.items())


def raising(names):
    out = []
    try:
        for n in names:
            out.append(n.upper())
    except AttributeError as e:
        out.append(type(e).__name__)
    return out


def strings_over_ranges(n):
    parts = []
    for i in range(n, -n, -3):
        parts.append(f"{i:+d}")
    for i in range(2**70, 2**70 + 3):
        parts.append(str(i % 97))
    return "".join(parts)


def tally(words):
    k = 0
    for w in words:
        k += len(w)
    return k


def driver(lists):
    total = 0
    for i in range(len(lists)):
        total += tally(lists[i]) * (i % 3)
    return total


text = "\n".join(
    " ".join(["alpha", "beta", "skip", "gamma.", "stop", "delta"][: 3 + k % 4] * (1 + k % 3))
    for k in range(60)
)
for _ in range(5):
    print(grown(["apple", "bee", "avocado", "cat"] * 5))
    print(shrunk(list(range(12))))
    print(counted(text))
    print(raising(["a", "b", 3, "d"] * 10))
    print(strings_over_ranges(25))
    print(driver([["x" * (j % 5) for j in range(k % 7)] for k in range(50)]))
it = iter([1, 2, 3])
for v in it:
    pass
for v in it:
    print("never", v)
print("done")
