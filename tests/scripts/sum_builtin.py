# sum() of lists and tuples of numbers (kiln's fast path) and of everything else (the
# interpreter's): values, result types, the start object itself for an empty sequence,
# ints past 64 bits, floats in order, and the errors.
import sys
from fractions import Fraction

big = 2**62
print(sum([1, 2, 3]), sum((1, 2, 3)), sum([]), sum(()), sum([], 7), sum([1.5, 2, 3]))
print(sum([big, big, big]), sum([-big, -big, -big, -big]), sum([sys.maxsize, 1]))
print(sum([0.1] * 10), sum((0.1,) * 10, 0.0), sum([1e308, 1e308]), sum([1e308, -1e308]))
print(repr(sum([-0.0])), repr(sum([-0.0], -0.0)), repr(sum([], -0.0)), repr(sum([0.0, -0.0])))
print(sum([2**53, 1.0]), sum([1.0, 2**53 + 1]), sum([1, 2**63]), sum([float("nan"), 1]) != 0)
print(sum([True, True, 2]), sum([1, True]), type(sum([True])).__name__)
start = 10**30
print(sum([], start) is start, sum([1], start), sum([1, 2], start=5), sum([1.5], 2**70))
print(sum([Fraction(1, 3), 1, 2]), sum([1, 2], Fraction(1, 2)), sum(x * x for x in range(10)))
print(sum([[1], [2]], []), sum(((1,), (2,)), ()), sum(range(100)), sum({1: 0, 2: 0}))


class MyInt(int):
    def __add__(self, other):
        return 100 + int(other)

    __radd__ = __add__


class MyList(list):
    pass


print(sum([MyInt(1), 2]), sum(MyList([1, 2, 3])), sum([1, MyInt(2)]))
for bad in (lambda: sum(["a", "b"]), lambda: sum([1, 2], "x"), lambda: sum(5),
            lambda: sum([1, "a"]), lambda: sum([b"a"], b"")):
    try:
        bad()
    except TypeError as e:
        print("TypeError", e)
print(sum.__name__, sum.__module__, sum.__text_signature__, repr(sum))
