"""numba.types of the no-op shim: the type objects, for specs and signatures."""
from ._types import *  # noqa: F401,F403
from ._types import (  # noqa: F401
    Array, DictType, ListType, Signature, Tuple, Type, UniTuple, unicode_type, string,
)
