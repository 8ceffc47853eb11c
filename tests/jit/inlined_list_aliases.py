# A method that names a list of its object before using it (`v = self.vals`, then
# `v[i]`), inlined into a loop: the name is the list itself, so its items compile as
# the attribute's own would. A name bound to two lists stays what it is (interpreted).


class Grid:
    def __init__(self, n):
        self.n = n
        self.vals = [float(i % 7) - 2.5 for i in range(n)]
        self.other = [0.5 * i for i in range(n)]
        self.rows = [[float((i * 3 + j) % 5) for j in range(n)] for i in range(n)]

    def at(self, i):
        v = self.vals
        return v[i] * 2.0 + v[(i + 1) % self.n]

    def cell(self, i, j):
        g = self.rows
        return g[i][j] - g[j][i] * 0.5

    def either(self, i):
        v = self.vals
        if i % 2 == 0:
            v = self.other
        return v[i]

    def total(self):
        s = 0.0
        for i in range(self.n):  # jit: compiled
            s += self.at(i)
        return s

    def diagonal(self):
        s = 0.0
        for i in range(self.n):  # jit: compiled
            for j in range(i, self.n):
                s += self.cell(i, j)
        return s

    def mixed(self):
        s = 0.0
        for i in range(self.n):
            s += self.either(i)
        return s


for n in (5, 40):
    grid = Grid(n)
    for _ in range(3):
        print(grid.total(), grid.diagonal(), grid.mixed())
    grid.vals[3] = 7
    print(grid.total())
    grid.vals[2] = "x"
    try:
        print(grid.total())
    except TypeError as e:
        print("TypeError", e)
