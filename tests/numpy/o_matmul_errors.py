import numpy as np
m = np.arange(6).reshape(2, 3)
calls = [("m @ m", lambda: m @ m), ("matmul(m, ones(2))", lambda: np.matmul(m, np.ones(2))),
         ("ones(2) @ m.T", lambda: np.ones(2) @ m.T), ("ones(3) @ ones(4)", lambda: np.ones(3) @ np.ones(4)),
         ("matmul(3, m)", lambda: np.matmul(3, m)), ("ones((4, 2)) @ m.T", lambda: np.ones((4, 2)) @ m.T),
         ("m.T @ ones(2)", lambda: m.T @ np.ones(2)), ("ones(0) @ ones(1)", lambda: np.ones(0) @ np.ones(1))]
for name, c in calls:
    try:
        print(name, repr(c()))
    except ValueError as e:
        print(name, type(e).__name__, e)
