import functools


@functools.lru_cache(maxsize=None)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


print(fib(80), fib.cache_info())
print(functools.reduce(lambda a, b: a * b, range(1, 11)))
add3 = functools.partial(lambda a, b, c: a + b + c, 1, c=3)
print(add3(2))


@functools.total_ordering
class V:
    def __init__(self, v):
        self.v = v
    def __eq__(self, o):
        return self.v == o.v
    def __lt__(self, o):
        return self.v < o.v


print(V(1) <= V(2), V(3) >= V(2))


def deco(f):
    @functools.wraps(f)
    def wrapper(*a):
        return f(*a)
    return wrapper


@deco
def documented():
    '''Docstring kept.'''


print(documented.__name__, documented.__doc__)
print(sorted(['b', 'A', 'c'], key=functools.cmp_to_key(lambda x, y: (x.lower() > y.lower()) - (x.lower() < y.lower()))))


@functools.singledispatch
def kind(x):
    return 'object'


@kind.register
def _(x: int):
    return 'int'


print(kind(1), kind('s'))
