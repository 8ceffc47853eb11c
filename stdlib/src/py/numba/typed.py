"""`numba.typed.List` and `numba.typed.Dict`: in kiln they are a list and a dict (the
types given are numba's compile-time promise; kiln specialises on values anyway)."""


class List(list):
    def __init__(self, iterable=(), lsttype=None, allocated=None):
        list.__init__(self, iterable)

    @staticmethod
    def empty_list(item_type=None, allocated=None):
        return List()

    def __repr__(self):
        return list.__repr__(self)


class Dict(dict):
    @staticmethod
    def empty(key_type=None, value_type=None, n_keys=0):
        return Dict()


def typedlist(*args, **kwargs):
    return List(*args, **kwargs)


def typeddict(*args, **kwargs):
    return Dict(*args, **kwargs)
