import numpy as np

a = np.array([[10.0, 7.0, 4.0], [3.0, 2.0, 1.0]])
print(repr(np.percentile(a, 50)), repr(np.percentile(a, 50, axis=0)), repr(np.percentile(a, 50, axis=1)))
print(repr(np.percentile(a, [25, 75])), repr(np.percentile(a, [25, 75], axis=1)))
print(repr(np.quantile(a, 0.3)), repr(np.quantile(a, [0.0, 0.1, 0.5, 1.0], axis=0)))
print(repr(np.percentile(a, 50, axis=1, keepdims=True)), repr(np.percentile(a, 40, keepdims=True)))
x = np.arange(11)
print(repr(np.percentile(x, 33)), repr(np.quantile(x, 0.95)), repr(np.median(x)))
r = np.sin(np.arange(101) * 0.37)
print(repr(np.percentile(r, [1, 5, 50, 95, 99])), repr(np.quantile(r, 0.5)), repr(np.median(r)))
print(repr(np.percentile(np.array([1.0, np.nan, 3.0]), 50)))
for bad in (lambda: np.percentile(a, 101), lambda: np.quantile(a, -0.5)):
    try:
        bad()
    except ValueError as e:
        print("ValueError", e)
