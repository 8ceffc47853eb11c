import numpy as np
for r in [np.array(2.0) + 1, np.array(2) * np.array(3), -np.array(2.5), np.array([1, 2])[0] + np.array(1),
          np.array(5, np.int8) + 1, np.array(True) & np.array(False), np.array(1.5, np.float32) * 2, abs(np.array(-3))]:
    print(type(r).__name__, repr(r))
a = np.array(7)
a += 1
print(type(a).__name__, repr(a), a.shape, repr(a[()]), repr(a[...]), float(np.array(2.5)), int(np.array(3)))
