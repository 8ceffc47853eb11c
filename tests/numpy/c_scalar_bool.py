import numpy as np
t = np.True_
print(type(t).__name__, repr(t), str(t), repr(np.False_), t is np.bool_(1), np.bool_(0) is np.False_)
print(isinstance(t, bool), isinstance(t, np.generic), bool(t), int(t), t == True)
print(type(np.array([True, False])[0]).__name__, repr(np.array([True, False])[1]), np.array([1, 2])[0] == 1)
print(repr(np.array([1, 2]) == np.array([1, 3])), repr(np.int64(1) == 1), repr(np.float64(1.0) < 2))
print(repr(t & np.False_), repr(t | np.False_), repr(~t), repr(t ^ t), repr(t + t), repr(t + 1), repr(t * 2.5))
print(repr(np.bool_(5)), repr(np.bool_("")), repr(np.bool_([])) if False else "-", repr(not t))
