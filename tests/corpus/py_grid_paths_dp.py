# py_grid_paths_dp: dynamic programming on list-of-lists grids: minimum-cost monotone path with its route recovered, the number of lattice paths around obstacles (big ints), the largest all-ones square, a bottom-up number triangle, rod cutting, and Kadane's maximum subarray with its bounds.
# Exercises: cost[i][j] = grid[i][j] + min(cost[i - 1][j], cost[i][j - 1]) with first row/column cases, rows prev = dp[i - 1] / row = dp[i] hoisted, path counts that outgrow 64-bit ints, a bool obstacle grid, min() of three ints, a triangle of rows of growing length reduced in place from the bottom, best[j] = max over cuts, a running max with start/end indices in a single pass, a while loop walking the route back.


def make_grid(n, m):
    return [[(i * 37 + j * 91 + (i * j) % 7) % 19 + 1 for j in range(m)] for i in range(n)]


def min_path(grid):
    n = len(grid)
    m = len(grid[0])
    cost = [[0] * m for _ in range(n)]
    for i in range(n):  # hot
        gi = grid[i]
        row = cost[i]
        for j in range(m):  # hot
            if i == 0 and j == 0:
                row[j] = gi[j]
            elif i == 0:
                row[j] = row[j - 1] + gi[j]
            elif j == 0:
                row[j] = cost[i - 1][j] + gi[j]
            else:
                row[j] = gi[j] + min(cost[i - 1][j], row[j - 1])
    # walk the route back from the corner
    i = n - 1
    j = m - 1
    moves = []
    while i > 0 or j > 0:  # hot, interpreted: a string stays interpreted
        if i == 0:
            j -= 1
            moves.append("R")
        elif j == 0:
            i -= 1
            moves.append("D")
        elif cost[i - 1][j] <= cost[i][j - 1]:
            i -= 1
            moves.append("D")
        else:
            j -= 1
            moves.append("R")
    moves.reverse()
    return cost[n - 1][m - 1], "".join(moves)


def count_paths(blocked):
    n = len(blocked)
    m = len(blocked[0])
    dp = [[0] * m for _ in range(n)]
    dp[0][0] = 1
    for i in range(n):  # hot
        row = dp[i]
        brow = blocked[i]
        for j in range(m):  # hot
            if brow[j]:
                row[j] = 0
                continue
            if i > 0:
                row[j] += dp[i - 1][j]
            if j > 0:
                row[j] += row[j - 1]
    return dp[n - 1][m - 1]


def largest_square(bits):
    n = len(bits)
    m = len(bits[0])
    side = [[0] * (m + 1) for _ in range(n + 1)]
    best = 0
    where = (0, 0)
    for i in range(1, n + 1):  # hot
        prev = side[i - 1]
        row = side[i]
        b = bits[i - 1]
        for j in range(1, m + 1):  # hot
            if b[j - 1] == 1:
                row[j] = 1 + min(prev[j], row[j - 1], prev[j - 1])
                if row[j] > best:
                    best = row[j]
                    where = (i - best, j - best)
    return best, where


def triangle_min(tri):
    best = list(tri[-1])
    for r in range(len(tri) - 2, -1, -1):  # hot
        row = tri[r]
        for k in range(len(row)):  # hot
            best[k] = row[k] + min(best[k], best[k + 1])
    return best[0]


def rod_cut(prices, length):
    best = [0.0] * (length + 1)
    first = [0] * (length + 1)
    for n in range(1, length + 1):  # hot
        v = -1.0
        for cut in range(1, min(n, len(prices)) + 1):  # hot
            cand = prices[cut - 1] + best[n - cut]
            if cand > v:
                v = cand
                first[n] = cut
        best[n] = v
    pieces = []
    n = length
    while n > 0:
        pieces.append(first[n])
        n -= first[n]
    return best[length], pieces


def kadane(xs):
    best = xs[0]
    best_lo = 0
    best_hi = 0
    cur = 0.0
    lo = 0
    for i in range(len(xs)):  # hot
        if cur <= 0.0:
            cur = xs[i]
            lo = i
        else:
            cur += xs[i]
        if cur > best:
            best = cur
            best_lo = lo
            best_hi = i
    return best, best_lo, best_hi


def main():
    grid = make_grid(60, 40)
    total, route = min_path(grid)
    print(total, len(route), route.count("D"), route[:20])

    blocked = [[(i * 7 + j * 3) % 11 == 0 and i + j > 0 for j in range(56)] for i in range(56)]
    blocked[55][55] = False
    paths = count_paths(blocked)
    print(paths, paths > 2**63, paths % 1000000007)

    bits = [[0 if (i * i + 3 * j) % 13 == 0 or (i + 2 * j) % 17 == 0 else 1 for j in range(36)] for i in range(56)]
    print(largest_square(bits))

    tri = [[(r * 31 + k * 17) % 23 for k in range(r + 1)] for r in range(64)]
    print(triangle_min(tri))

    prices = [1.0, 5.0, 8.0, 9.0, 10.0, 17.0, 17.0, 20.0, 24.0, 30.0]
    for length in (4, 9, 23, 64):
        value, pieces = rod_cut(prices, length)
        print(length, value, sorted(pieces), sum(pieces) == length)

    xs = [((k * 73) % 41 - 20) * 0.5 + (1.25 if k % 9 == 0 else 0.0) for k in range(300)]
    best, lo, hi = kadane(xs)
    print(best, lo, hi, sum(xs[lo:hi + 1]) == best)


main()
