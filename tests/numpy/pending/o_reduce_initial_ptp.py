import numpy as np
e = np.array([])
z = np.zeros((0, 3))
print(repr(np.max(e, initial=-1)), repr(z.max(axis=0, initial=5)), repr(np.min(e, initial=3.5)), repr(np.sum(np.arange(3), initial=10)))
print(repr(np.ptp(np.array([[3, 9], [1, 4]]))), repr(np.ptp(np.array([[3, 9], [1, 4]]), axis=0)))
try:
    np.ptp(e)
except ValueError as ex:
    print(type(ex).__name__, ex)
