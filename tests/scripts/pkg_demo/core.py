from . import sub
from .sub.leaf import leaf_value


def greet(name):
    return f'hello {name} ({leaf_value()})'
