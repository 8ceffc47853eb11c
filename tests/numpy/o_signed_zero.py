import numpy as np
f = np.array([-0.0, 0.0])
g = np.array([0.0, -0.0])
print(repr(np.maximum(f, g)), repr(np.minimum(f, g)))
print(repr(np.sign(np.array([-0.0, 0.0]))), repr(np.sign(-0.0)))
