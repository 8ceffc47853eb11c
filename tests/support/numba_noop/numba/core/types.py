"""numba.core.types of the no-op shim: the same objects as numba.types."""
from ..types import *  # noqa: F401,F403
from ..types import (  # noqa: F401
    Array, DictType, ListType, Signature, Tuple, Type, UniTuple, unicode_type, string,
)
