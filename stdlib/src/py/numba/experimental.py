"""`numba.experimental.jitclass`: the class itself (its spec states attribute types,
which kiln observes instead)."""


def jitclass(cls_or_spec=None, spec=None):
    if isinstance(cls_or_spec, type):
        return cls_or_spec
    return lambda cls: cls


class structref:
    def __getattr__(self, name):
        raise NotImplementedError("numba.experimental.structref: kiln has no structrefs")


structref = structref()
