import numpy as np
LinAlgError = np.linalg.LinAlgError
print(LinAlgError.__name__, issubclass(LinAlgError, ValueError), LinAlgError.__module__)
cases = [("inv singular", lambda: np.linalg.inv(np.array([[1.0, 2.0], [2.0, 4.0]]))),
         ("inv zeros", lambda: np.linalg.inv(np.zeros((3, 3)))),
         ("solve singular", lambda: np.linalg.solve(np.ones((2, 2)), np.ones(2))),
         ("inv non-square", lambda: np.linalg.inv(np.ones((2, 3)))),
         ("det non-square", lambda: np.linalg.det(np.ones((3, 2)))),
         ("det 1-d", lambda: np.linalg.det(np.ones(3))),
         ("inv 1-d", lambda: np.linalg.inv(np.ones(4))),
         ("solve non-square", lambda: np.linalg.solve(np.ones((2, 3)), np.ones(2)))]
for name, c in cases:
    try:
        print(name, repr(c()))
    except LinAlgError as e:
        print(name, type(e).__name__, e)
    except ValueError as e:
        print(name, "ValueError:", type(e).__name__, e)
