# py_knapsack_coins: 0/1 knapsack by a 1-D DP over a reversed capacity range with item recovery from a 2-D keep table, unbounded coin change (fewest coins and number of ways), and a float-valued knapsack.
# Exercises: for w in range(cap, wt - 1, -1) reversed ranges, dp[w - wt] + val compared and stored, a keep table of bools, a sentinel large int, for c in coins nested over amounts, partition counts that outgrow 64-bit ints, zip(weights, values) in the outer loop.


def knapsack(weights, values, cap):
    n = len(weights)
    dp = [0] * (cap + 1)
    keep = [[False] * (cap + 1) for _ in range(n)]
    for i in range(n):  # hot
        wt = weights[i]
        val = values[i]
        ki = keep[i]
        for w in range(cap, wt - 1, -1):  # hot
            cand = dp[w - wt] + val
            if cand > dp[w]:
                dp[w] = cand
                ki[w] = True
    chosen = []
    w = cap
    for i in range(n - 1, -1, -1):  # hot
        if keep[i][w]:
            chosen.append(i)
            w -= weights[i]
    chosen.reverse()
    return dp[cap], chosen


def knapsack_float(weights, values, cap):
    dp = [0.0] * (cap + 1)
    for wt, val in zip(weights, values):  # hot
        for w in range(cap, wt - 1, -1):  # hot
            cand = dp[w - wt] + val
            if cand > dp[w]:
                dp[w] = cand
    return dp[cap]


def min_coins(coins, amount):
    big = amount + 1
    dp = [big] * (amount + 1)
    dp[0] = 0
    for a in range(1, amount + 1):  # hot
        best = dp[a]
        for c in coins:  # hot
            if c <= a and dp[a - c] + 1 < best:
                best = dp[a - c] + 1
        dp[a] = best
    return dp[amount] if dp[amount] < big else -1


def count_ways(coins, amount):
    ways = [0] * (amount + 1)
    ways[0] = 1
    for c in coins:  # hot
        for a in range(c, amount + 1):  # hot
            ways[a] += ways[a - c]
    return ways[amount]


def main():
    n = 60
    weights = [3 + (i * 7) % 13 for i in range(n)]
    values = [10 + (i * 11) % 29 for i in range(n)]
    best, chosen = knapsack(weights, values, 200)
    print(best, len(chosen), chosen[:10], sum(weights[i] for i in chosen))
    fvalues = [v * 0.75 + 0.1 * (i % 3) for i, v in enumerate(values)]
    print(knapsack_float(weights, fvalues, 150))
    coins = [1, 5, 10, 25, 50]
    print(min_coins(coins, 289), min_coins([7, 11], 23), min_coins([4, 6], 7))
    print(count_ways(coins, 300), count_ways([2, 3, 7], 500))
    print(count_ways(coins, 3000))
    # the number of partitions of 450 outgrows 64-bit ints along the way
    print(count_ways(list(range(1, 451)), 450))


main()
