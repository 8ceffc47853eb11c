"""Instance attribute stores in a loop: self.x = ... inside a method."""


class Accumulator:
    def __init__(self):
        self.last = 0
        self.count = 0

    def feed(self, n):
        for i in range(n):
            self.last = i
            self.count = i
        return self.last + self.count


def main():
    a = Accumulator()
    print("checksum:", a.feed(9_000_000))


main()
