import numpy as np
for seed in [0, 1, 123456789]:
    g = np.random.default_rng(seed)
    print(repr(g.random()), repr(g.random(3)), repr(g.integers(10)), repr(g.integers(-5, 5, size=6)))
    print(repr(g.normal()), repr(g.normal(2.0, 0.5, size=3)), repr(g.uniform()), repr(g.uniform(-1, 1, size=(2, 2))))
    print(repr(g.standard_normal()), repr(g.standard_normal(4)), repr(g.standard_normal((1, 2))))
g = np.random.default_rng(7)
print(repr(g.integers(0, 2**32, size=3)), repr(g.integers(0, 256, size=4, dtype=np.uint8)), repr(g.integers(1, 7, size=5, endpoint=True)))
print(repr(g.integers(0, 10**12)), repr(g.integers(-2**63, 2**63 - 1)), repr(g.integers(3, 4, size=2)))
print(repr(g.random((2, 2))), repr(g.uniform(low=5, high=6, size=2)), repr(g.normal(loc=[0, 100], scale=[1, 10])))
a = np.random.default_rng(99).random(5)
b = np.random.default_rng(99).random(5)
print(np.array_equal(a, b), type(g).__name__, type(g.bit_generator).__name__)
