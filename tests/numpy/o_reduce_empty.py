import numpy as np
e = np.array([])
print(repr(e.sum()), repr(e.prod()), repr(np.zeros(0, int).sum()), repr(np.zeros(0, bool).sum()), repr(np.zeros(0, int).prod()))
z = np.zeros((0, 3))
print(repr(z.sum(axis=0)), repr(z.sum(axis=1)), repr(z.max(axis=1)), repr(z.prod(axis=0)), repr(z.any(axis=0)))
for name, f in [("max", np.max), ("min", np.min), ("amax", np.amax), ("amin", np.amin)]:
    try:
        f(e)
    except ValueError as ex:
        print(name, type(ex).__name__, ex)
for call in [lambda: z.max(axis=0), lambda: z.min(axis=(0, 1)), lambda: np.zeros((2, 0)).max(axis=1), lambda: np.maximum.reduce(e),
             lambda: np.zeros(0, int).max(), lambda: np.zeros(0, bool).min()]:
    try:
        call()
    except ValueError as ex:
        print(type(ex).__name__, ex)
