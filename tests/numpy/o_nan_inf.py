import numpy as np
nan, inf = np.nan, np.inf
x = np.array([1.0, nan, inf, -inf])
print(repr(x + 1), repr(x + x), repr(-x), repr(abs(x)), repr(x * 2), repr(x / 2))
print(repr(x == x), repr(x != x), repr(x < inf), repr(x > -inf), repr(x >= nan))
print(repr(np.maximum(x, 0)), repr(np.minimum(x, 0)))
print(repr(x[[0, 1]].sum()), repr(x[[0, 2]].sum()), repr(x.max()), repr(x.min()), repr(x[[0, 2, 3]].max()))
print(repr(np.isnan(x)), repr(np.isinf(x)), repr(np.isfinite(x)))
print(repr(np.sign(x)), repr(np.floor(x)), repr(np.sqrt(x[[0, 1, 2]])), repr(np.exp(x)))
print(repr(np.arctan(x)), repr(np.tanh(x)), repr(x[[0, 1]].mean()), repr(x[[0, 2]].cumsum()))
