# Loops that get hot under the default settings (no KILN_JIT_THRESHOLD), where a
# compile must pay for itself: a loop whose one run is a few hundred quick iterations
# stays interpreted, and the inner loop of a long nest compiles only with the nest.


def squares_mod(n):
    t = [0] * n
    for i in range(n):  # one short run
        t[i] = i * i % 7
    return t


def grid_sum(n, m):
    total = 0
    for i in range(m):  # long: compiled at its first back-edge
        for j in range(n):  # short runs: compiled with the nest, not on its own
            total += (i * j) % 5
    return total


print(sum(squares_mod(200)))
print(grid_sum(150, 2000))
