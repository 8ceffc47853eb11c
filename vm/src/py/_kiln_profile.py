"""sys.setprofile without kiln's own calls.

Rewritten loops call `_kiln_jit` (`loop`, `ticks`, `ran`, `take`), which a profile
function would see as `c_call` and `c_return` events that the program never makes under
KILN_JIT=0 or CPython. The function the program sets is wrapped in one that drops the
events of those calls; sys.getprofile() still returns the program's own function.
"""

import sys

_setprofile = sys.setprofile
_getprofile = sys.getprofile


class _WithoutKiln:
    __slots__ = ("function",)

    def __init__(self, function):
        self.function = function

    def __call__(self, frame, event, arg):
        if event[0] == "c" and getattr(arg, "__module__", None) == "_kiln_jit":
            return None
        return self.function(frame, event, arg)


def setprofile(function):
    _setprofile(None if function is None else _WithoutKiln(function))


def getprofile():
    function = _getprofile()
    return function.function if isinstance(function, _WithoutKiln) else function


setprofile.__doc__ = _setprofile.__doc__
getprofile.__doc__ = _getprofile.__doc__


def install():
    sys.setprofile = setprofile
    sys.getprofile = getprofile
