import numpy as np
a = np.arange(12).reshape(3, 4)
print(repr(a.sum()), repr(a.sum(axis=0)), repr(a.sum(axis=1)), repr(a.sum(axis=(0, 1))))
print(repr(a.sum(axis=1, keepdims=True)), repr(a.prod(axis=0)), repr(a.max()), repr(a.min(axis=1)))
print(repr(a.mean()), repr(a.mean(axis=0)), repr(a.std()), repr(a.var(axis=1)))
print(repr(a.argmax()), repr(a.argmin(axis=0)), repr(a.argmax(axis=1)))
print(repr(a.any()), repr((a > 10).any(axis=1)), repr(a.all()), repr((a >= 0).all(axis=0)))
print(repr(a.cumsum()), repr(a.cumsum(axis=0)), repr(a.cumprod(axis=1)))
print(repr(np.sum(a, axis=-1)), repr(np.mean(a, axis=-2)), repr(np.max(a)), repr(np.min(a)))
print(repr(np.array([True, True, False]).sum()), repr(np.array([1, 2], np.int8).sum()))
print(repr(np.array([1.5, 2.5], np.float32).sum()), repr(np.array([1.5, 2.5], np.float32).mean()))
print(repr(np.array([1.0, np.nan, 3.0]).max()), repr(np.array([1.0, np.nan]).argmax()))
r = np.linspace(0, 1, 1001) ** 2
print(repr(r.sum()), repr(r.mean()), repr(r.std()), repr(r.reshape(7, 143).sum(axis=1)))
print(repr(r[::3].sum()), repr(r.reshape(11, 91).T.sum()), repr(r.reshape(13, 77).sum(axis=0)[:3]))
try:
    np.array([]).max()
except ValueError as e:
    print(type(e).__name__, e)
try:
    a.sum(axis=2)
except Exception as e:
    print(type(e).__name__, e)
print(repr(np.zeros(0).sum()), repr(np.ones((2, 0)).sum(axis=1)))
