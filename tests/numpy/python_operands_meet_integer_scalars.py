# A Python float, bool or complex meeting a numpy integer scalar gives numpy's result
# (`1.5 + np.int8(3)` is np.float64(4.5), `True + np.int8(3)` np.int8(4), `1.5 < np.int8(3)`
# np.True_): kiln's integer scalars are int subclasses, and Python's own float, bool and
# complex must still give way to them as they do to numpy's, whichever side they are on.
import operator

import numpy as np

# (pow of an integer scalar and a Python float is left out: numpy computes it with its
# array ufunc, whose last bit and warning text differ from its float64 scalar's.)
ops = [operator.add, operator.sub, operator.mul, operator.truediv, operator.floordiv,
       operator.mod, divmod, operator.lt, operator.le, operator.gt, operator.ge,
       operator.eq, operator.ne]
bit_ops = [operator.and_, operator.or_, operator.xor, operator.lshift, operator.rshift]
scalars = [np.int8(3), np.int16(-2), np.int32(5), np.int64(7), np.uint8(3), np.uint16(4),
           np.uint32(6)]
for v in scalars:
    for o in (1.5, -2.0, True, False, 2):
        for op in ops + bit_ops + ([operator.pow] if not isinstance(o, float) else []):
            for a, b in ((o, v), (v, o)):
                if op is divmod and b == 0:
                    continue  # (kiln's scalar divmod warns as floor_divide: a known gap)
                try:
                    r = op(a, b)
                    print(op.__name__, repr(a), repr(b), repr(r))
                except (ZeroDivisionError, TypeError, ValueError) as e:
                    print(op.__name__, repr(a), repr(b), type(e).__name__)
    for op in (operator.add, operator.sub, operator.mul, operator.truediv, operator.eq,
               operator.ne):
        print(op.__name__, repr(op(1j, v)), repr(op(v, 2 + 1j)))
# In-place, and inside sum() and a loop, as real code accumulates.
s = 0.0
for v in scalars:
    s += v
print(repr(s), repr(sum(scalars, 0.5)), repr(divmod(7.5, np.int8(2))))
# Plain ints and Python subclasses of int are untouched.
class Flag(int):
    pass
print(repr(1.5 + Flag(2)), repr(True + Flag(2)), repr(1.5 < Flag(2)), repr(2.5 + 1), repr(True + 1))
