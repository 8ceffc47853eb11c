from typing import Any, Callable, Dict, Generic, List, NamedTuple, Optional, Protocol, TypeVar, Union, get_type_hints, TypedDict, Literal
T = TypeVar('T')


class Box(Generic[T]):
    def __init__(self, item: T) -> None:
        self.item = item

    def get(self) -> T:
        return self.item


class Pair(NamedTuple):
    a: int
    b: str = 'x'


class Movie(TypedDict):
    title: str
    year: int


def f(x: int, y: Optional[str] = None) -> List[int]:
    return [x]


print(Box(3).get(), Box[int], Pair(1), Pair._fields)
hints = get_type_hints(f)
print(sorted(hints), hints['x'], hints['return'], hints['y'] == Optional[str])
print(Movie(title='x', year=1), Union[int, str] == Union[str, int], Optional[int] == Union[int, None])
print(List[int], Dict[str, Any], Callable[[int], str], Literal['a', 'b'])
print(isinstance(3, int | str), (int | None))
