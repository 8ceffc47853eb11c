# py_matrix_chain: optimal parenthesisation of a matrix chain product by the classic O(n^3) DP over chain lengths, with the split table turned into a parenthesised string and the optimal cost checked by a memoised recursion.
# Exercises: loops over chain length / start / split point with derived bounds (j = i + length - 1), a sys.maxsize sentinel, int products of dimensions, two parallel int tables, recursion to build the string, a dict memo in the checker.
import sys


def matrix_chain_order(dims):
    n = len(dims) - 1
    cost = [[0] * n for _ in range(n)]
    split = [[0] * n for _ in range(n)]
    for length in range(2, n + 1):  # hot
        for i in range(n - length + 1):  # hot
            j = i + length - 1
            best = sys.maxsize
            best_k = i
            di = dims[i]
            dj1 = dims[j + 1]
            ci = cost[i]
            for k in range(i, j):  # hot
                q = ci[k] + cost[k + 1][j] + di * dims[k + 1] * dj1
                if q < best:
                    best = q
                    best_k = k
            ci[j] = best
            split[i][j] = best_k
    return cost, split


def parens(split, i, j):
    if i == j:
        return "A" + str(i)
    k = split[i][j]
    return "(" + parens(split, i, k) + " " + parens(split, k + 1, j) + ")"


def naive_cost(dims, i, j, memo):
    if i == j:
        return 0
    key = (i, j)
    if key in memo:
        return memo[key]
    best = None
    for k in range(i, j):  # hot, interpreted: `in`/`is` comparisons stay interpreted
        q = naive_cost(dims, i, k, memo) + naive_cost(dims, k + 1, j, memo) + dims[i] * dims[k + 1] * dims[j + 1]
        if best is None or q < best:
            best = q
    memo[key] = best
    return best


def main():
    small = [30, 35, 15, 5, 10, 20, 25]
    cost, split = matrix_chain_order(small)
    print(cost[0][len(small) - 2], parens(split, 0, len(small) - 2))
    dims = [5 + (i * 17) % 41 for i in range(48)]
    cost, split = matrix_chain_order(dims)
    n = len(dims) - 1
    print(cost[0][n - 1], cost[3][20], cost[10][n - 1])
    print(parens(split, 0, 12))
    print(naive_cost(dims, 0, 14, {}) == cost[0][14])


main()
