# py_bench_life_class: a class-based Game of Life benchmark on an n x m list-of-lists grid with a double buffer, run for a number of generations, reporting population and a checksum.
# Exercises: self.n / self.m read as loop bounds in methods, self.grid and self.next lists of lists swapped through attributes, neighbour counts with modular wrap, a glider and R-pentomino seeded by a loop over a tuple of cells, a population method summing rows.


class Life:
    def __init__(self, n, m):
        self.n = n
        self.m = m
        self.grid = [[0] * m for _ in range(n)]
        self.next = [[0] * m for _ in range(n)]
        self.generation = 0

    def seed(self, cells, di, dj):
        for i, j in cells:
            self.grid[(i + di) % self.n][(j + dj) % self.m] = 1

    def count(self, i, j):
        g = self.grid
        n = self.n
        m = self.m
        up = g[(i - 1) % n]
        mid = g[i]
        down = g[(i + 1) % n]
        jl = (j - 1) % m
        jr = (j + 1) % m
        return up[jl] + up[j] + up[jr] + mid[jl] + mid[jr] + down[jl] + down[j] + down[jr]

    def step(self):
        for i in range(self.n):  # hot, interpreted: `self.grid` is a list: a slice or a row of it stays interpreted
            row = self.grid[i]
            out = self.next[i]
            for j in range(self.m):  # hot, interpreted: `self.grid` is a list: a slice or a row of it stays interpreted
                c = self.count(i, j)
                if row[j] == 1:
                    out[j] = 1 if c == 2 or c == 3 else 0
                else:
                    out[j] = 1 if c == 3 else 0
        self.grid, self.next = self.next, self.grid
        self.generation += 1

    def population(self):
        total = 0
        for row in self.grid:  # hot
            for v in row:  # hot
                total += v
        return total

    def checksum(self):
        h = 0
        for i in range(self.n):
            for j in range(self.m):  # hot
                if self.grid[i][j]:
                    h = (h * 31 + i * self.m + j) % 1000000007
        return h


def main():
    life = Life(30, 40)
    glider = ((0, 1), (1, 2), (2, 0), (2, 1), (2, 2))
    r_pentomino = ((0, 1), (0, 2), (1, 0), (1, 1), (2, 1))
    life.seed(glider, 2, 2)
    life.seed(r_pentomino, 14, 20)
    history = []
    for g in range(60):  # hot, interpreted: a tuple as a value stays interpreted
        life.step()
        if g % 15 == 14:
            history.append((life.generation, life.population()))
    print(history)
    print(life.population(), life.checksum())


main()
