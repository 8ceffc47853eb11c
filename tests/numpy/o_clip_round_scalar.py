import numpy as np
print(repr(np.clip(5, 1, 3)), repr(np.clip(np.float64(-1.5), 0, 1)), repr(np.clip(np.int8(100), -5, 5)))
print(repr(np.round(2.5)), repr(np.round(3.5)), repr(np.round(-0.5)), repr(np.round(1.2345, 2)), repr(np.round(7.0)))
print(repr(np.floor(-1.5)), repr(np.ceil(-1.5)), repr(np.floor(3)), repr(np.ceil(np.float32(1.1))))
print(repr(np.sign(-3)), repr(np.sign(0.0)), repr(np.abs(-7)), repr(np.absolute(-2.5)), repr(np.maximum(1, 2.5)), repr(np.minimum(3, 2)))
print(repr(np.where(True, 1, 2)), repr(np.where(False, 1.5, 2)), repr(np.power(2, 10)), repr(np.power(2.0, -1)))
print(repr(np.arctan2(1.0, 1.0)), repr(np.hypot(5, 12)), repr(np.sqrt(16)), repr(np.exp(0)), repr(np.log(1)))
