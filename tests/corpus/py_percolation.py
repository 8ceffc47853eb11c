# py_percolation: site percolation on an n x n list-of-lists grid: random occupation, spanning test by depth-first flood fill from the top row, cluster sizes by union-find over flattened indices, and the spanning probability over a sweep of p.
# Exercises: x = random.random() compared with p while filling grid rows, a while stack loop with stack.pop() and appends of flattened int cells, neighbour checks with bounds tests, union-find with path halving in a while loop, a dict of cluster sizes, seeded random.seed per sample.
import random


def make_grid(n, p):
    grid = []
    for i in range(n):  # hot, interpreted: a list stays interpreted
        row = [0] * n
        for j in range(n):  # hot
            x = random.random()
            if x < p:
                row[j] = 1
        grid.append(row)
    return grid


def spans(grid):
    n = len(grid)
    seen = [[False] * n for _ in range(n)]
    stack = []
    for j in range(n):  # hot
        if grid[0][j] == 1:
            seen[0][j] = True
            stack.append(j)
    while stack:  # hot, interpreted: a call of `stack.pop()` stays interpreted
        c = stack.pop()
        i = c // n
        j = c % n
        if i == n - 1:
            return True
        if i > 0 and grid[i - 1][j] == 1 and not seen[i - 1][j]:
            seen[i - 1][j] = True
            stack.append(c - n)
        if i < n - 1 and grid[i + 1][j] == 1 and not seen[i + 1][j]:
            seen[i + 1][j] = True
            stack.append(c + n)
        if j > 0 and grid[i][j - 1] == 1 and not seen[i][j - 1]:
            seen[i][j - 1] = True
            stack.append(c - 1)
        if j < n - 1 and grid[i][j + 1] == 1 and not seen[i][j + 1]:
            seen[i][j + 1] = True
            stack.append(c + 1)
    return False


def find(parent, a):
    while parent[a] != a:  # hot
        parent[a] = parent[parent[a]]
        a = parent[a]
    return a


def clusters(grid):
    n = len(grid)
    parent = list(range(n * n))
    for i in range(n):
        row = grid[i]
        for j in range(n):  # hot, interpreted: `find()` is not inlined
            if row[j] == 0:
                continue
            c = i * n + j
            if j + 1 < n and row[j + 1] == 1:
                ra = find(parent, c)
                rb = find(parent, c + 1)
                if ra != rb:
                    parent[ra] = rb
            if i + 1 < n and grid[i + 1][j] == 1:
                ra = find(parent, c)
                rb = find(parent, c + n)
                if ra != rb:
                    parent[ra] = rb
    sizes = {}
    for i in range(n):
        for j in range(n):  # hot, interpreted: `find()` is not inlined
            if grid[i][j] == 1:
                r = find(parent, i * n + j)
                sizes[r] = sizes.get(r, 0) + 1
    return sorted(sizes.values(), reverse=True)


def main():
    n = 24
    random.seed(7)
    g = make_grid(n, 0.6)
    sz = clusters(g)
    print(sum(map(sum, g)), spans(g), len(sz), sz[:5])
    for p in (0.45, 0.55, 0.6, 0.65, 0.75):
        count = 0
        for s in range(6):
            random.seed(100 + s)
            if spans(make_grid(n, p)):
                count += 1
        print(p, count)


main()
