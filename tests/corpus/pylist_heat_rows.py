# pylist_heat_rows: explicit 2-D heat steps on a grid kept as a list of lists, three neighbouring rows bound to names each time, new grid rows written in place.
# Exercises: up = u[i - 1], mid = u[i], down = u[i + 1], out = v[i]; out[j] = mid[j] + c * (...); swapping the two grids by name between steps; sums over rows with for row in grid.


def step(u, v, c):
    n = len(u)
    m = len(u[0])
    for i in range(1, n - 1):  # hot
        up = u[i - 1]
        mid = u[i]
        down = u[i + 1]
        out = v[i]
        for j in range(1, m - 1):  # hot
            out[j] = mid[j] + c * (up[j] + down[j] + mid[j - 1] + mid[j + 1] - 4.0 * mid[j])


def total(grid):
    s = 0.0
    for row in grid:  # hot
        for j in range(len(row)):  # hot
            s += row[j]
    return s


def main():
    n, m = 30, 40
    u = [[0.0] * m for _ in range(n)]
    for i in range(10, 20):
        for j in range(15, 25):  # hot
            u[i][j] = 1.0
    v = [row[:] for row in u]
    for t in range(60):  # hot, interpreted: is not inlined
        step(u, v, 0.125)
        u, v = v, u
    print(round(total(u), 10), round(u[15][20], 12), round(u[3][3], 15))


main()
