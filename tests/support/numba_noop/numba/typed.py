"""numba.typed of the no-op shim: typed containers are the Python ones."""


class List(list):
    def __init__(self, iterable=(), lsttype=None, allocated=0):
        super().__init__(iterable)

    @classmethod
    def empty_list(cls, item_type=None, reflected=False, allocated=0):
        return cls()


class Dict(dict):
    @classmethod
    def empty(cls, key_type=None, value_type=None, n_keys=0):
        return cls()


