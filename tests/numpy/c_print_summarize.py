import numpy as np
print(repr(np.arange(1001)), repr(np.arange(1000)).count("\n"))
print(repr(np.arange(1001.0)))
print(repr(np.arange(3000).reshape(3, 1000)))
print(np.arange(2002).reshape(2, 1001))
print(repr(np.arange(1200).reshape(10, 10, 12)))
print(repr(np.ones(5000, dtype=bool)), repr(np.zeros(2000, np.int8)))
