import numpy as np
m = np.arange(6).reshape(2, 3)
calls = [("m @ 2", lambda: m @ 2), ("matmul(m, 2)", lambda: np.matmul(m, 2)), ("arange(3) @ 2", lambda: np.arange(3) @ 2),
         ("dot(m, m)", lambda: np.dot(m, m)), ("dot(ones(3), ones(4))", lambda: np.dot(np.ones(3), np.ones(4))),
         ("dot(m, ones(2))", lambda: np.dot(m, np.ones(2))), ("dot(ones(2), m.T)", lambda: np.dot(np.ones(2), m.T)),
         ("ones((2,2,3)) @ ones((2,2))", lambda: np.ones((2, 2, 3)) @ np.ones((2, 2))),
         ("ones((2,2,3)) @ ones((3,3,2))", lambda: np.ones((2, 2, 3)) @ np.ones((3, 3, 2)))]
for name, c in calls:
    try:
        print(name, repr(c()))
    except ValueError as e:
        print(name, type(e).__name__, e)
