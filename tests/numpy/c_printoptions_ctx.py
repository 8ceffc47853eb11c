import numpy as np
a = np.array([np.pi, np.e, 1e-6])
with np.printoptions(precision=3):
    print(repr(a), np.get_printoptions()["precision"])
    with np.printoptions(suppress=True):
        print(repr(a))
    print(repr(a))
print(repr(a), np.get_printoptions()["precision"])
with np.printoptions(threshold=4, edgeitems=1):
    print(np.arange(10), repr(np.arange(9).reshape(3, 3)))
print(np.arange(10))
with np.printoptions(linewidth=30, precision=2) as opts:
    print(np.linspace(0, 1, 8), opts["linewidth"])
print(np.get_printoptions()["linewidth"])
try:
    with np.printoptions(precision=1):
        raise KeyError("x")
except KeyError:
    pass
print(np.get_printoptions()["precision"], repr(np.array([0.55])))
