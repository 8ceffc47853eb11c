from dataclasses import dataclass, field, asdict, astuple, replace, fields


@dataclass(order=True)
class Item:
    name: str
    price: float = 0.0
    tags: list = field(default_factory=list)


@dataclass(frozen=True)
class Point:
    x: int
    y: int = 0


a = Item('apple', 1.5, ['fruit'])
b = Item('banana')
print(a, b)
print(a < b, asdict(a), astuple(b))
print(replace(a, price=2.0), [f.name for f in fields(Item)])
p = Point(1)
print(p, hash(p) == hash(Point(1, 0)), p == Point(1, 0))
try:
    p.x = 3
except Exception as exc:
    print(type(exc).__name__, exc)
