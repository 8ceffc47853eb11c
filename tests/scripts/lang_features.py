class Shape:
    sides = 0

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return f'{type(self).__name__}({self.name!r})'

    @property
    def description(self):
        return f'{self.name} with {self.sides} sides'

    @classmethod
    def make(cls, name):
        return cls(name)

    @staticmethod
    def unit():
        return 1


class Square(Shape):
    sides = 4

    def __init__(self, name, size):
        super().__init__(name)
        self.size = size

    def __eq__(self, other):
        return isinstance(other, Square) and other.size == self.size

    __hash__ = None


s = Square('sq', 2)
print(s, s.description, Shape.make('tri'), Shape.unit(), Square.__mro__)
print(s == Square('other', 2), isinstance(s, Shape), issubclass(Square, Shape))


def gen(n):
    total = 0
    for i in range(n):
        total += yield i
    return total


g = gen(3)
next(g)
try:
    g.send(10); g.send(20); g.send(30)
except StopIteration as stop:
    print('generator returned', stop.value)


def counter():
    count = 0
    def inc():
        nonlocal count
        count += 1
        return count
    return inc


c = counter(); c(); print('closure', c())
print([x * y for x in range(3) for y in range(3) if x != y])
print({k: v for k, v in zip('abc', range(3))}, {x % 3 for x in range(10)})
print(sum(x for x in range(101)), list(map(lambda t: t[::-1], ['ab', 'cd'])))
a, *rest, z = range(6)
print(a, rest, z)
match {'kind': 'point', 'x': 1, 'y': 2}:
    case {'kind': 'point', 'x': x, 'y': y}:
        print('matched point', x, y)
    case _:
        print('no match')
with open(__file__) as fh:
    print(fh.readline().rstrip())
print(sorted([('b', 2), ('a', 2), ('c', 1)], key=lambda t: t[1]))
print(f'{3.14159:.2f} {42:>6} {255:#x} {1234567:,} {0.5:.1%} {"left":<6}|')
print('%s %d %05.1f %r' % ('s', 7, 2.25, 'q'))
global_value = 1
def read_global():
    return global_value
print(read_global(), (lambda *a, **k: (a, k))(1, b=2))
