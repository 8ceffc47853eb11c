import numpy as np
b = np.arange(3)
print(np.expand_dims(b, 1).shape, np.expand_dims(b, -2).shape)
for ax in [2, 3, -3, -4]:
    try:
        print(ax, np.expand_dims(b, ax).shape)
    except np.exceptions.AxisError as e:
        print(type(e).__name__, e)
