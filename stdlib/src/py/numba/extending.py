"""`numba.extending`: what a script uses to teach numba about its own functions.
kiln runs such functions as Python, so `overload` and `register_jitable` change
nothing: the Python function already has the behaviour the overload implements.
Extending numba's type system (`intrinsic`, `models`, `typeof_impl`, boxing) has no
meaning in kiln and raises NotImplementedError naming the feature."""


def register_jitable(*args, **kwargs):
    if len(args) == 1 and not kwargs and callable(args[0]):
        return args[0]
    return lambda f: f


def overload(func, jit_options=None, strict=True, inline="never", prefer_literal=False, **kwargs):
    return lambda impl: impl


def overload_method(typ, attr, **kwargs):
    return lambda impl: impl


def overload_attribute(typ, attr, **kwargs):
    return lambda impl: impl


def _unsupported(name):
    def fail(*args, **kwargs):
        raise NotImplementedError("numba.extending.%s: kiln does not extend numba's type "
                                  "system; the Python code runs as it is" % name)
    fail.__name__ = name
    return fail


intrinsic = _unsupported("intrinsic")
typeof_impl = _unsupported("typeof_impl")
register_model = _unsupported("register_model")
make_attribute_wrapper = _unsupported("make_attribute_wrapper")
box = _unsupported("box")
unbox = _unsupported("unbox")
lower_builtin = _unsupported("lower_builtin")
type_callable = _unsupported("type_callable")
