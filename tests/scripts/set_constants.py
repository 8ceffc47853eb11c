# Set displays of constants compile to a frozenset constant (`x in {1, 2, 3}`,
# `{1, 2, 3}`); kiln's compile path made code objects through a constant bag that
# cannot build one, and panicked.
VOWELS = {"a", "e", "i", "o", "u"}


def is_vowel(c):
    return c in {"a", "e", "i", "o", "u"}


def kinds(xs):
    out = []
    for x in xs:
        if x in {0, 1, 2}:
            out.append("small")
        elif x not in {10, 20, 30}:
            out.append("other")
        else:
            out.append("round")
    return out


class Grid:
    EDGES = {(0, 0), (0, 1), (1, 0)}

    def edge(self, p):
        return p in {(0, 0), (0, 1), (1, 0)}


print(sorted({3, 1, 2}), sorted(VOWELS))
print([is_vowel(c) for c in "kiln runs"])
print(kinds([0, 5, 10, 2, 30, 7] * 40)[:8], len(kinds(range(300))))
print(Grid().edge((0, 1)), Grid().edge((2, 2)), sorted(Grid.EDGES))
print(sum(1 for k in range(1000) if k % 7 in {1, 3, 5}))
print({1.5, 2.5, 3.5} == {3.5, 2.5, 1.5}, frozenset({1, 2, 3}) == {1, 2, 3})
