import numpy as np
x = np.array([0.25, 1.0, 2.0, 4.0])
for f in [np.sqrt, np.exp, np.log, np.log2, np.log10, np.sin, np.cos, np.tan, np.arctan,
          np.sinh, np.cosh, np.tanh, np.floor, np.ceil, np.sign, np.abs, np.absolute, np.square]:
    print(f.__name__, repr(f(x)), repr(f(-x)) if f not in (np.sqrt, np.log, np.log2, np.log10) else "")
print(repr(np.arcsin(np.array([0.0, 0.5, 1.0]))), repr(np.arccos(np.array([0.0, 0.5, 1.0]))))
print(repr(np.arctan2(np.array([1.0, -1.0]), np.array([-1.0, -1.0]))))
print(repr(np.power(np.array([2, 3]), 3)), repr(np.round(np.array([0.5, 1.5, 2.5, -0.5]))))
print(repr(np.round(np.array([1.234, 5.678]), 1)), repr(np.clip(np.arange(6), 1, 4)))
print(repr(np.where(np.arange(5) > 2, 1.0, -1.0)), repr(np.where(np.array([True, False]), np.array([1, 2]), 0)))
print(repr(np.isnan(np.array([1.0, np.nan]))), repr(np.isinf(np.array([np.inf, 1.0]))))
print(repr(np.isfinite(np.array([np.inf, np.nan, 0.0]))))
print(repr(np.sqrt(np.array([1, 4, 9]))), repr(np.sqrt(np.array([4], np.float32))))
print(repr(np.floor(np.array([1, 2], np.int32))), repr(np.sign(np.array([-2, 0, 3]))))
print(repr(np.sqrt(np.array([-1.0]))))
print(repr(np.log(np.array([0.0]))))
print(repr(np.exp(np.array([1 + 1j]))), repr(np.abs(np.array([3 + 4j]))))
print(np.sqrt(2.0), repr(np.sqrt(2.0)), repr(np.exp(1)))
