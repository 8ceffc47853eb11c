import numpy as np

data = np.sin(np.arange(200) * 0.1) * 3.0
for bins in (1, 4, 10):
    n, e = np.histogram(data, bins=bins)
    print(repr(n), repr(e))
n, e = np.histogram(data, bins=5, range=(-1.0, 1.0))
print(repr(n), repr(e))
n, e = np.histogram(data, bins=6, density=True)
print(repr(n), repr(e))
n, e = np.histogram(data, bins=4, weights=np.ones(200) * 0.5)
print(repr(n), repr(e))
n, e = np.histogram(np.array([1, 2, 1]), bins=[0, 1, 2, 3])
print(repr(n), repr(e))
n, e = np.histogram(np.arange(4), bins=np.arange(5), density=True)
print(repr(n), repr(e))
n, e = np.histogram(np.array([0.5, 1.5, 1.5, 9.0]), bins=np.array([0.0, 1.0, 2.0, 9.0]), weights=np.array([1.0, 2.0, 3.0, 4.0]))
print(repr(n), repr(e))
n, e = np.histogram(np.array([2.0, 2.0, 2.0]))
print(repr(n), repr(e))
n, e = np.histogram(np.arange(10))
print(repr(n), repr(e))
for bad in (lambda: np.histogram(data, bins=0), lambda: np.histogram(data, bins=[3, 1, 2]), lambda: np.histogram(data, range=(2, 1))):
    try:
        bad()
    except ValueError as e:
        print("ValueError", e)
