# py_lcs_table: longest common subsequence of two integer sequences with a full DP table and a backtrack, plus the longest increasing subsequence by patience-style O(n^2) DP.
# Exercises: a list-of-lists int table with rows L[i - 1] and L[i] hoisted, max() of two ints, a while backtrack appending matched items then list.reverse(), an O(n^2) LIS with a nested loop over j < i and a predecessor array.


def lcs_table(x, y):
    n, m = len(x), len(y)
    L = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(1, n + 1):  # hot
        up = L[i - 1]
        row = L[i]
        xi = x[i - 1]
        for j in range(1, m + 1):  # hot
            if xi == y[j - 1]:
                row[j] = up[j - 1] + 1
            else:
                row[j] = max(up[j], row[j - 1])
    return L


def backtrack(L, x, y):
    i, j = len(x), len(y)
    out = []
    while i > 0 and j > 0:  # hot
        if x[i - 1] == y[j - 1]:
            out.append(x[i - 1])
            i -= 1
            j -= 1
        elif L[i - 1][j] >= L[i][j - 1]:
            i -= 1
        else:
            j -= 1
    out.reverse()
    return out


def lis(seq):
    n = len(seq)
    best = [1] * n
    pred = [-1] * n
    for i in range(n):  # hot
        si = seq[i]
        for j in range(i):  # hot
            if seq[j] < si and best[j] + 1 > best[i]:
                best[i] = best[j] + 1
                pred[i] = j
    k = 0
    for i in range(1, n):  # hot
        if best[i] > best[k]:
            k = i
    chain = []
    while k != -1:
        chain.append(seq[k])
        k = pred[k]
    return chain[::-1]


def is_subsequence(s, t):
    it = 0
    for v in t:  # hot
        if it < len(s) and s[it] == v:
            it += 1
    return it == len(s)


def main():
    x = [(i * 37 + 11) % 23 for i in range(120)]
    y = [(i * 29 + 5) % 19 for i in range(110)]
    L = lcs_table(x, y)
    common = backtrack(L, x, y)
    print(L[len(x)][len(y)], len(common), common[:12])
    print(is_subsequence(common, x), is_subsequence(common, y))
    seq = [(i * 7919) % 257 for i in range(150)]
    inc = lis(seq)
    print(len(inc), inc)


main()
