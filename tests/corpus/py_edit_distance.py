# py_edit_distance: Levenshtein distance between word pairs with two rolling rows, plus the full table for one pair walked back to count the edit operations.
# Exercises: indexing characters of str (a[i - 1] == b[j - 1]), min() of three ints, prev/cur rows swapped by name, a (n+1) x (m+1) list-of-lists table, a while loop walking back from the corner with if/elif branches.


def levenshtein(a, b):
    m = len(b)
    prev = list(range(m + 1))
    cur = [0] * (m + 1)
    for i in range(1, len(a) + 1):  # hot, interpreted: assigning its name stays interpreted
        cur[0] = i
        ca = a[i - 1]
        for j in range(1, m + 1):  # hot, interpreted: `ca` is a str
            cost = 0 if ca == b[j - 1] else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
        prev, cur = cur, prev
    return prev[m]


def table(a, b):
    n, m = len(a), len(b)
    D = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n + 1):  # hot
        D[i][0] = i
    for j in range(m + 1):  # hot
        D[0][j] = j
    for i in range(1, n + 1):  # hot, interpreted: `a` is a str
        for j in range(1, m + 1):  # hot, interpreted: `a` is a str
            if a[i - 1] == b[j - 1]:
                D[i][j] = D[i - 1][j - 1]
            else:
                D[i][j] = 1 + min(D[i - 1][j], D[i][j - 1], D[i - 1][j - 1])
    return D


def operations(D, a, b):
    i, j = len(a), len(b)
    subs = ins = dels = 0
    while i > 0 or j > 0:  # hot, interpreted: `a` is a str
        if i > 0 and j > 0 and a[i - 1] == b[j - 1] and D[i][j] == D[i - 1][j - 1]:
            i -= 1
            j -= 1
        elif i > 0 and j > 0 and D[i][j] == D[i - 1][j - 1] + 1:
            subs += 1
            i -= 1
            j -= 1
        elif i > 0 and D[i][j] == D[i - 1][j] + 1:
            dels += 1
            i -= 1
        else:
            ins += 1
            j -= 1
    return subs, ins, dels


def make_word(seed, length):
    letters = "acgt"
    out = []
    x = seed
    for _ in range(length):  # hot, interpreted: of something other than a list of numbers stays interpreted
        x = (x * 1103515245 + 12345) % 2147483648
        out.append(letters[(x >> 16) % 4])
    return "".join(out)


def main():
    words = [make_word(s, 40 + 7 * s) for s in range(1, 7)]
    for k in range(len(words) - 1):
        print(len(words[k]), len(words[k + 1]), levenshtein(words[k], words[k + 1]))
    print(levenshtein("kitten", "sitting"), levenshtein("", "abc"), levenshtein("flaw", "lawn"))
    a, b = words[1], words[4]
    D = table(a, b)
    print(D[len(a)][len(b)], operations(D, a, b))


main()
