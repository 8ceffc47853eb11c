import numpy as np
g = np.random.default_rng(0)
for name, c in [("randint high<=low", lambda: np.random.randint(5, 5)), ("randint low>high", lambda: np.random.randint(5, 2)),
                ("integers high<=low", lambda: g.integers(3, 2)), ("normal neg scale", lambda: np.random.normal(0, -1)),
                ("rng normal neg scale", lambda: g.normal(0, -1)), ("seed negative", lambda: np.random.seed(-1)),
                ("seed too big", lambda: np.random.seed(2**32)), ("rng negative", lambda: np.random.default_rng(-1)),
                ("randint uint8 range", lambda: np.random.randint(0, 300, dtype=np.uint8)),
                ("rand negative", lambda: np.random.rand(-1))]:
    try:
        c()
        print(name, "ok")
    except ValueError as e:
        print(name, type(e).__name__, e)
