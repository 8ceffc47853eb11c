# np.where's values promote as numpy 2's operators do (NEP 50): a Python number takes
# the other value's dtype; two Python numbers give the default of the higher kind.
import numpy as np
q = np.linspace(-2.0, 3.0, 6).astype(np.float32)
c = q > 0.5
print(repr(np.where(c, 2, q)), repr(np.where(c, q, 1.5)), repr(np.where(c, 2, np.float32(-3))))
print(repr(np.where(c, 2, 3)), repr(np.where(c, 2, 3.5)), repr(np.where(c, True, False)))
i8 = np.arange(6, dtype=np.int8)
print(repr(np.where(c, i8, 7)), repr(np.where(c, i8, 7.5)), repr(np.where(c, i8, q)))
print(repr(np.where(c, np.int16(3), i8)), repr(np.where(c, 1.5, np.float64(2.0))))
