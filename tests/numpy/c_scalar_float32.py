import numpy as np
x = np.float32(0.1)
print(type(x).__name__, isinstance(x, float), isinstance(x, np.floating), repr(x), str(x))
print(float(x), repr(np.float32(1) / np.float32(3)), repr(np.float32(16777217)), repr(np.float32(1e-8)))
print(repr(x + x), type(x + x).__name__, repr(x * 3), type(x * 3).__name__, repr(x + 0.2), type(x + 0.2).__name__)
print(repr(np.float32(2.5) + np.float64(0.5)), type(np.float32(1) + np.int64(1)).__name__)
print(repr(np.array([0.1, 0.2], dtype=np.float32)[1]), type(np.array([1], np.float32)[0]).__name__)
print(repr(np.float32(3.4e38)), repr(np.float32(1e20)), repr(np.float32(np.inf)), repr(np.float32(-0.0)))
print(x == 0.1, x == np.float32(0.1), np.float32(0.5) == 0.5)
