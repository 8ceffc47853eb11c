import numpy as np
a = np.arange(4.0)
print(repr(np.multiply(a, 2, out=(np.zeros(4),))))
o = np.full(4, -1.0)
np.add(a, 10, out=o, where=a > 1)
print(repr(o))
o2 = np.zeros((2, 2))
np.sqrt(np.array([[4.0, 9.0], [16.0, 25.0]]), out=o2, where=np.array([True, False]))
print(repr(o2))
