import numpy as np
t = np.array([2, 1, 2, 1, 0, 2])
print(repr(np.argsort(t, kind="stable")), repr(np.argsort(t, stable=True)), repr(np.sort(t, kind="mergesort")))
print(repr(t.argsort(kind="stable")), repr(np.sort(t, kind="quicksort")), repr(np.sort(t, kind="heapsort")))
u = t.copy(); u.sort(kind="stable"); print(repr(u))
