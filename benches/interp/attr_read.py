"""Instance attribute reads in a loop: self.x, self.y inside a method."""


class Counter:
    def __init__(self):
        self.x = 3
        self.y = 4

    def total(self, n):
        s = 0
        for i in range(n):
            s += self.x + self.y
        return s


def main():
    c = Counter()
    print("checksum:", c.total(5_000_000))


main()
