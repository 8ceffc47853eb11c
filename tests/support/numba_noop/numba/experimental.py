"""numba.experimental of the no-op shim: `jitclass` returns the class itself."""


def jitclass(cls_or_spec=None, spec=None):
    if isinstance(cls_or_spec, type):       # @jitclass bare, or jitclass(cls, spec)
        return cls_or_spec
    return lambda cls: cls
