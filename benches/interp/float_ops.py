"""pyperformance "float"-style: many Point objects built with math.sin/cos,
normalised, then reduced with maximize."""

from math import cos, sin, sqrt

POINTS = 125_000
ROUNDS = 2


class Point:
    def __init__(self, i):
        self.x = x = sin(i)
        self.y = cos(i) * 3
        self.z = (x * x) / 2

    def __repr__(self):
        return f"<Point: x={self.x:.12f}, y={self.y:.12f}, z={self.z:.12f}>"

    def normalize(self):
        x = self.x
        y = self.y
        z = self.z
        norm = sqrt(x * x + y * y + z * z)
        self.x /= norm
        self.y /= norm
        self.z /= norm

    def maximize(self, other):
        self.x = self.x if self.x > other.x else other.x
        self.y = self.y if self.y > other.y else other.y
        self.z = self.z if self.z > other.z else other.z
        return self


def maximize(points):
    best = points[0]
    for p in points[1:]:
        best = best.maximize(p)
    return best


def benchmark(n):
    points = [None] * n
    for i in range(n):
        points[i] = Point(i)
    for p in points:
        p.normalize()
    return maximize(points)


def main():
    for _ in range(ROUNDS):
        best = benchmark(POINTS)
    print("checksum:", best)


main()
