import numpy as np
b = np.arange(24).reshape(2, 3, 4)
for axes in [(0, 1), (0, 1, 1), (0, 1, 3)]:
    try:
        b.transpose(axes)
    except (ValueError, np.exceptions.AxisError) as e:
        print(type(e).__name__, e)
